/**
 * Refusals that the data layer and the services throw without knowing HTTP (issue 23: one
 * mapping, in the API's envelope filter). Each carries the message the user reads.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: 'not-found' | 'conflict' | 'refused' | 'forbidden';
}

/** A missing row, and equally another account's row: never reveal that it exists. */
export class NotFound extends DomainError {
  override readonly name = 'NotFound';
  readonly kind = 'not-found' as const;
  constructor(what: string) {
    super(`${what} not found`);
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
