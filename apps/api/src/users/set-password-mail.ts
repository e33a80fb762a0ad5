import { Inject, Injectable } from '@nestjs/common';
import { Role, roleLabel, Unavailable } from '@sweepline/domain';
import { limitKey } from '../auth/identity-checks';
import { MAIL_FAILED } from '../auth/identity-mails';
import { VerificationCodesService } from '../auth/verification-codes.service';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { MailService, type Mail } from '../mail/mail.service';
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
    await this.countMailTo(user.email);
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
    // as the identity mails do: no user is added (or code issued) without its mail in the outbox
    // or, with SMTP, queued for after the commit
    await this.deliver(mail);
  }

  /**
   * Instead of the set-password mail, when the address is a user elsewhere (another account, the
   * administrator): the manager's call answers as for a new user (issue 42), and the address's
   * owner learns who asked. No link: nothing changed for them.
   */
  async sendTaken(email: string, role: Role, manager: { id: number; name: string }): Promise<void> {
    await this.countMailTo(email);
    const accountName = await this.users.accountNameOf(manager.id);
    await this.deliver({
      to: email,
      subject: 'Someone tried to add you to a Sweepline account',
      text:
        `Hello,\n\n` +
        `${manager.name}, the manager of the Sweepline account ${accountName}, tried to add this address ` +
        `as ${roleLabel(role)}.\n` +
        `This address is a Sweepline user already, so nothing changed: an address belongs to one account.\n` +
        `To join that account, give its manager another address. If you do not know it, ignore this e-mail.\n`,
    });
  }

  /** Password mails are limited per address (issue 4), counted with the identity mails to it. */
  private countMailTo(email: string): Promise<void> {
    return this.rateLimit.hit(limitKey.mailEmail(email), this.config.rateLimit.mailPerEmail);
  }

  private async deliver(mail: Mail): Promise<void> {
    await this.mail.send(mail).catch(() => {
      throw new Unavailable(MAIL_FAILED);
    });
  }
}
