/**
 * Refusals that the data layer and the services throw without knowing HTTP (issue 23: one
 * mapping, in the API's envelope filter). Each carries the message the user reads.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: RefusalKind;
}

/** Every kind of refusal; the API maps each to its HTTP status in one exhaustive switch. */
export type RefusalKind = 'not-found' | 'conflict' | 'refused' | 'forbidden' | 'too-large' | 'unavailable';

/** A missing row, and equally another account's row: never reveal that it exists. */
export class NotFound extends DomainError {
  override readonly name = 'NotFound';
  readonly kind = 'not-found' as const;
  constructor(what: string) {
    super(`${what} not found`);
  }

  /** One whose words are not 'X not found' ('Serial number A1 not found in product F-200'). */
  static saying(message: string): NotFound {
    const error = new NotFound('');
    error.message = message;
    return error;
  }
}

/** The request clashes with what is stored (a name taken, a state already left). */
export class Conflict extends DomainError {
  override readonly name = 'Conflict';
  readonly kind = 'conflict' as const;
}

/** The request breaks a rule; the message says which and where. */
export class Refused extends DomainError {
  override readonly name = 'Refused';
  readonly kind = 'refused' as const;
}

/** The caller's role may not do this. */
export class Forbidden extends DomainError {
  override readonly name = 'Forbidden';
  readonly kind = 'forbidden' as const;
}

/** What is sent exceeds a stored limit (a run's files together past their quota). */
export class TooLarge extends DomainError {
  override readonly name = 'TooLarge';
  readonly kind = 'too-large' as const;
}

/** A service the request needs (the mail server) failed; the caller may try again later. */
export class Unavailable extends DomainError {
  override readonly name = 'Unavailable';
  readonly kind = 'unavailable' as const;
}
