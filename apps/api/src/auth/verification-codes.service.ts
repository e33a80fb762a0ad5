import { Injectable } from '@nestjs/common';
import { Refused } from '@sweepline/domain';
import { hashToken, newToken } from './tokens';
import { VerificationCodesRepository, type CodePurpose } from './verification-codes.repository';

const HOUR_MS = 3_600_000;
/** Activation links and password links stay valid this long (docs/requirements/identity.md#e-mail: codes expire). */
export const CODE_VALID_HOURS = { activate: 72, reset: 24 } as const;
/** An export link is followed by the page that asked for it at once (docs/api/accounts.md). */
export const EXPORT_LINK_VALID_MS = 60_000;
/** The Stations screen opens its event stream with its ticket at once (docs/api/stations.md). */
export const STATIONS_TICKET_VALID_MS = 30_000;
const VALID_MS: Record<CodePurpose, number> = {
  activate: CODE_VALID_HOURS.activate * HOUR_MS,
  reset: CODE_VALID_HOURS.reset * HOUR_MS,
  export: EXPORT_LINK_VALID_MS,
  stations: STATIONS_TICKET_VALID_MS,
};
/**
 * A new link makes the user's older ones of its purpose void: only the last mail's link works.
 * Not so for stream tickets: a user may have the Stations screen open in several tabs, each
 * opening its stream (and opening it again after a drop) with a ticket of its own.
 */
const REPLACES_OLDER: Record<CodePurpose, boolean> = {
  activate: true,
  reset: true,
  export: true,
  stations: false,
};
const INVALID_LINK = 'This link is invalid or has expired';

/** Single-use, expiring codes for links; a new code replaces the user's older ones of its purpose (REPLACES_OLDER). */
@Injectable()
export class VerificationCodesService {
  constructor(private readonly codes: VerificationCodesRepository) {}

  async issue(userId: number, purpose: CodePurpose): Promise<string> {
    const code = newToken();
    const expiresAt = new Date(Date.now() + VALID_MS[purpose]);
    if (REPLACES_OLDER[purpose]) await this.codes.replace(userId, purpose, hashToken(code), expiresAt);
    else await this.codes.add(userId, purpose, hashToken(code), expiresAt);
    return code;
  }

  /** Uses up the code of the user with this e-mail; refuses an unknown, used or expired one. */
  async consume(email: string, code: string, purpose: CodePurpose): Promise<number> {
    const userId = await this.codes.consumeOfEmail(email, hashToken(code), purpose);
    if (userId === undefined) throw new Refused(INVALID_LINK);
    return userId;
  }

  /** Uses up a code that stands alone in its link (no e-mail beside it): its 256 bits identify it. */
  async consumeCode(code: string, purpose: CodePurpose): Promise<number> {
    const userId = await this.codes.consume(hashToken(code), purpose);
    if (userId === undefined) throw new Refused(INVALID_LINK);
    return userId;
  }

  /** Stream tickets do not replace each other (REPLACES_OLDER): the stations' cleanup drops the spent. */
  async dropExpiredTickets(): Promise<void> {
    await this.codes.deleteExpired('stations');
  }
}
