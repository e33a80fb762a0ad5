import { Injectable } from '@nestjs/common';
import { Conflict, emailError, nameError, passwordError } from '@sweepline/domain';
import { AccountsService } from '../accounts/accounts.service';
import { UserRecords } from '../users/user-records.service';
import { AuthContext } from './auth-context';
import { ActivateDto, SignupDto } from './dto/identity.dto';
import { refuseFirstField } from './identity-checks';
import { IdentityMails } from './identity-mails';
import { IdentityRepository } from './identity.repository';
import { hashPassword } from './passwords';
import { PublicMailGate } from './public-mail-gate';
import { VerificationCodesService } from './verification-codes.service';

export const SIGNUP_MSG = {
  registered: 'This e-mail address is already registered',
  /** Ours: a second sign-up before activating; Forgotten password also activates (reset_pass). */
  waiting:
    'This e-mail address is already registered and waits for activation. Open the link in your e-mail, or use Forgotten password to get a new one',
} as const;

/** Sign-up of a new account and its manager, and activation from the e-mailed link (docs/requirements/identity.md#sign-up). */
@Injectable()
export class SignupService {
  constructor(
    private readonly users: IdentityRepository,
    private readonly accounts: AccountsService,
    private readonly records: UserRecords,
    private readonly gate: PublicMailGate,
    private readonly codes: VerificationCodesService,
    private readonly mails: IdentityMails,
  ) {}

  async signup(auth: AuthContext, address: string, dto: SignupDto): Promise<void> {
    refuseFirstField(
      ['account_name', nameError(dto.account_name)],
      ['email', emailError(dto.email)],
      ['password', passwordError(dto.password)],
      ['manager_name', nameError(dto.manager_name)],
    );
    await this.gate.admit(auth, address, dto.email);
    const existing = await this.users.findLiveByEmail(dto.email);
    if (existing) throw new Conflict(existing.isActive ? SIGNUP_MSG.registered : SIGNUP_MSG.waiting);
    const accountId = await this.accounts.create(dto.account_name.trim());
    const userId = await this.records.addManager(
      accountId,
      dto.email,
      dto.manager_name.trim(),
      await hashPassword(dto.password),
    );
    // a live user took the e-mail meanwhile: the request's rollback drops the account
    if (userId === undefined) throw new Conflict(SIGNUP_MSG.registered);
    await this.mails.sendActivation(dto.email, await this.codes.issue(userId, 'activate'));
  }

  /** Activates the manager and the account; the code is single-use and expires. */
  async activate(dto: ActivateDto): Promise<void> {
    await this.accounts.activateMember(await this.codes.consume(dto.email, dto.code, 'activate'));
  }
}
