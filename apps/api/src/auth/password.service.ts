import { Inject, Injectable } from '@nestjs/common';
import {
  emailError,
  Forbidden,
  MSG,
  NotFound,
  passwordError,
  Refused,
  requiredPasswordError,
  Role,
} from '@sweepline/domain';
import { AccountsService } from '../accounts/accounts.service';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { UserRecords } from '../users/user-records.service';
import { AuthContext } from './auth-context';
import { ChangePassDto, ForgetPassDto, ResetPassDto } from './dto/identity.dto';
import { limitKey, refuseFirstField } from './identity-checks';
import { IdentityMails } from './identity-mails';
import { IdentityRepository } from './identity.repository';
import { hashPassword, passwordMatches } from './passwords';
import { PublicMailGate } from './public-mail-gate';
import { SessionService } from './session.service';
import { VerificationCodesService } from './verification-codes.service';

export const PASSWORD_MSG = {
  currentWrong: 'The current password is wrong',
  sessionOnly: 'Only a signed-in user may change their password, not an API token',
} as const;

/** Forgotten, reset and changed passwords (docs/requirements/identity.md#forgotten-password, docs/requirements/identity.md). */
@Injectable()
export class PasswordService {
  constructor(
    private readonly users: IdentityRepository,
    private readonly records: UserRecords,
    private readonly accounts: AccountsService,
    private readonly sessions: SessionService,
    private readonly rateLimits: RateLimitService,
    private readonly gate: PublicMailGate,
    private readonly codes: VerificationCodesService,
    private readonly mails: IdentityMails,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Two callers (docs/requirements/accounts-and-users.md#calls): a signed-in manager resetting a user of their account, or
   * anyone on the Forgotten password page, who learns nothing about whether the address exists.
   */
  async forget(auth: AuthContext, address: string, dto: ForgetPassDto): Promise<void> {
    refuseFirstField(['email', emailError(dto.email)]);
    const caller = auth.user;
    if (caller?.role === Role.Manager && caller.accountId !== null && auth.apiTokenId === undefined) {
      return this.resetByManager(caller.accountId, dto.email);
    }
    await this.gate.admit(auth, address, dto.email);
    const user = await this.users.findLiveByEmail(dto.email);
    if (!user) return;
    await this.mails.sendPasswordLink(user.email, await this.codes.issue(user.id, 'reset'), 'forgotten');
  }

  private async resetByManager(accountId: number, email: string): Promise<void> {
    const user = await this.users.findLiveByEmail(email);
    if (user?.accountId !== accountId) throw new NotFound('User');
    await this.rateLimits.hit(limitKey.mailEmail(email), this.config.rateLimit.mailPerEmail);
    await this.mails.sendPasswordLink(user.email, await this.codes.issue(user.id, 'reset'), 'manager');
  }

  /**
   * Sets the password from the e-mailed link. docs/requirements/identity.md#e-mail: following it activates a user added by a
   * manager (and the account, for a manager who never activated); every session of the user ends.
   */
  async reset(dto: ResetPassDto): Promise<void> {
    refuseFirstField(['password', passwordError(dto.password)]);
    const userId = await this.codes.consume(dto.email, dto.code, 'reset');
    await this.records.setPassword(userId, await hashPassword(dto.password));
    await this.accounts.activateMember(userId);
    await this.sessions.revokeAllOf(userId);
  }

  /** Keeps the caller's session and ends the others (a stolen session dies with the old password). */
  async change(auth: AuthContext, dto: ChangePassDto): Promise<void> {
    if (!auth.user || auth.sessionId === undefined) throw new Forbidden(PASSWORD_MSG.sessionOnly);
    refuseFirstField(
      ['current_pass', requiredPasswordError(dto.current_pass, MSG.enterCurrentPassword)],
      ['new_pass', passwordError(dto.new_pass, MSG.enterNewPassword)],
    );
    const userId = auth.user.id;
    await this.rateLimits.hit(limitKey.passwordChange(userId), this.config.rateLimit.loginPerEmail);
    const user = await this.users.findLiveById(userId);
    if (!user || !(await passwordMatches(user.passwordHash, dto.current_pass))) {
      throw new Refused(PASSWORD_MSG.currentWrong);
    }
    await this.records.setPassword(userId, await hashPassword(dto.new_pass));
    await this.sessions.revokeOthersOf(userId, auth.sessionId);
  }
}
