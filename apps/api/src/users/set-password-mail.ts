import { Inject, Injectable } from '@nestjs/common';
import { Role, roleLabel, Unavailable } from '@sweepline/domain';
import { limitKey } from '../auth/identity-checks';
import { MAIL_FAILED } from '../auth/identity-mails';
import { VerificationCodesService } from '../auth/verification-codes.service';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { MailService } from '../mail/mail.service';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { UsersRepository } from './users.repository';

export interface MailedUser {
  id: number;
  name: string;
  email: string;
  role: Role;
}

/**
 * The mail a user added by a manager gets, and gets again on Reactivate (docs/requirements/identity.md#e-mail):
 * a single-use 'reset' code in a link to /ResetPass; following it sets the password and
 * activates the user. A new code replaces the older ones.
 */
@Injectable()
export class SetPasswordMail {
  constructor(
    private readonly users: UsersRepository,
    private readonly codes: VerificationCodesService,
    private readonly mail: MailService,
    private readonly rateLimit: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(user: MailedUser): Promise<void> {
    // password mails are limited per address (issue 4), counted with the identity mails to it
    await this.rateLimit.hit(limitKey.mailEmail(user.email), this.config.rateLimit.mailPerEmail);
    const accountName = await this.users.accountNameOf(user.id);
    const code = await this.codes.issue(user.id, 'reset');
    const link = `${this.config.publicUrl}/ResetPass?email=${encodeURIComponent(user.email)}&code=${encodeURIComponent(code)}`;
    const mail = {
      to: user.email,
      subject: 'Choose your Sweepline password',
      text:
        `Hello ${user.name},\n\n` +
        `you are a user of the Sweepline account ${accountName}, as ${roleLabel(user.role)}.\n` +
        `Open this link to choose your password:\n\n${link}\n\n` +
        `The link works once and expires in 24 hours.\n`,
      link,
    };
    // as the identity mails do: no user is added (or code issued) without its mail
    await this.mail.send(mail).catch(() => {
      throw new Unavailable(MAIL_FAILED);
    });
  }
}
