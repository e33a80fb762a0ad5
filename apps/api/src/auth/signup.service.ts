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

/** Two sign-ups of one new address at the same instant: the second is told to try again. */
export const SIGNUP_RACE = 'The sign-up could not be completed. Please try again';

/**
 * Sign-up of a new account and its manager, and activation from the e-mailed link (docs/requirements/identity.md#sign-up).
 * An address that is a user already answers as a new one (issue 42: no answer tells who has an
 * account); its owner is mailed that someone tried, and nothing else changes.
 */
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
    // hashed whether or not the address is taken: both answers take the argon2 time (issue 42)
    const passwordHash = await hashPassword(dto.password);
    const existing = await this.users.findLiveByEmail(dto.email);
    if (existing) return this.mails.sendAlreadyRegistered(dto.email);
    const accountId = await this.accounts.create(dto.account_name.trim());
    const userId = await this.records.addManager(accountId, dto.email, dto.manager_name.trim(), passwordHash);
    // a live user took the e-mail meanwhile: the request's rollback drops the account
    if (userId === undefined) throw new Conflict(SIGNUP_RACE);
    await this.mails.sendActivation(dto.email, await this.codes.issue(userId, 'activate'));
  }

  /** Activates the manager and the account; the code is single-use and expires. */
  async activate(dto: ActivateDto): Promise<void> {
    await this.accounts.activateMember(await this.codes.consume(dto.email, dto.code, 'activate'));
  }
}
