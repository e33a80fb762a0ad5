import { Inject, Injectable } from '@nestjs/common';
import { Unavailable } from '@sweepline/domain';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { Mail, MailService } from '../mail/mail.service';
import { CODE_VALID_HOURS } from './verification-codes.service';

export const MAIL_FAILED = 'The e-mail could not be sent. Please try again later';

/** Why a set-password link is sent: the user forgot it, or their manager reset it (docs/requirements/accounts-and-users.md#calls). */
export type PasswordLinkReason = 'forgotten' | 'manager';

/** The mails of sign-up and passwords, with the links of docs/requirements/identity.md#e-mail. */
@Injectable()
export class IdentityMails {
  constructor(
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private link(page: string, email: string, code: string): string {
    return `${this.config.publicUrl}/${page}?email=${encodeURIComponent(email)}&code=${encodeURIComponent(code)}`;
  }

  sendActivation(email: string, code: string): Promise<void> {
    const link = this.link('activate', email, code);
    return this.send({
      to: email,
      subject: 'Activate your Sweepline account',
      text: `Welcome to Sweepline.\n\nOpen this link to activate your account:\n\n${link}\n\nThe link works once and expires in ${CODE_VALID_HOURS.activate} hours. If you did not sign up, ignore this e-mail.\n`,
      link,
    });
  }

  /** Sign-up with an address that is a user already: its owner is told, with the way back in. */
  sendAlreadyRegistered(email: string): Promise<void> {
    return this.send({
      to: email,
      subject: 'Your Sweepline account',
      text: `Someone (we hope you) tried to sign up for Sweepline with this address, which is a Sweepline user already. Nothing changed.\n\nTo log in: ${this.config.publicUrl}/login\nForgotten your password, or never activated? Ask for a new link: ${this.config.publicUrl}/ForgetPass\n\nIf you did not sign up, ignore this e-mail.\n`,
    });
  }

  sendPasswordLink(email: string, code: string, reason: PasswordLinkReason): Promise<void> {
    const link = this.link('ResetPass', email, code);
    const why =
      reason === 'manager'
        ? 'The manager of your Sweepline account has reset your password.'
        : 'Someone (we hope you) asked to reset your Sweepline password.';
    return this.send({
      to: email,
      subject: 'Set your Sweepline password',
      text: `${why}\n\nOpen this link to choose a new password:\n\n${link}\n\nThe link works once and expires in ${CODE_VALID_HOURS.reset} hours. If you did not ask for it, ignore this e-mail.\n`,
      link,
    });
  }

  /**
   * A mail the outbox cannot take fails the request (and rolls back its code), with a clear
   * message; an SMTP mail goes after the commit, its failure logged (MailService.send, issue 42).
   */
  private async send(mail: Mail): Promise<void> {
    try {
      await this.mail.send(mail);
    } catch {
      throw new Unavailable(MAIL_FAILED);
    }
  }
}
