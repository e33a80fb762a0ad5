import { HttpStatus } from '@nestjs/common';
import type { RefusalKind } from '@sweepline/domain';

/**
 * The one place where the services' refusals become HTTP statuses (CONVENTIONS section 5): the
 * envelope filter answers every route with it, the run upload's Express route included.
 */
export function httpStatusOf(kind: RefusalKind): HttpStatus {
  switch (kind) {
    case 'not-found':
      return HttpStatus.NOT_FOUND;
    case 'conflict':
      return HttpStatus.CONFLICT;
    case 'refused':
      return HttpStatus.BAD_REQUEST;
    case 'forbidden':
      return HttpStatus.FORBIDDEN;
    case 'too-large':
      return HttpStatus.PAYLOAD_TOO_LARGE;
    case 'unavailable':
      return HttpStatus.SERVICE_UNAVAILABLE;
    default:
      return unknownKind(kind);
  }
}

/** A kind added to the domain without a status here fails the type check, not a request. */
function unknownKind(kind: never): never {
  throw new Error(`No HTTP status for the refusal kind ${String(kind)}`);
}
