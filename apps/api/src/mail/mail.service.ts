import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import { withoutCodes } from '../common/log-redaction';
import { afterCommit } from '../database/transaction';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';

/** The outbox holds live links (activation, passwords): only the server's own user may read it. */
const OUTBOX_MODE = 0o700;
const MAIL_FILE_MODE = 0o600;

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The link the mail is about; logged when mails go to the outbox, so activation works offline. */
  link?: string;
}

/**
 * E-mail (docs/requirements/identity.md#e-mail): real SMTP through nodemailer when SMTP_URL is set, after the request's
 * commit; otherwise every mail is written as an .eml file to <data dir>/outbox/ (owner-only) and
 * its link is logged without its code.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;
  private readonly outbox: boolean;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.outbox = !config.smtpUrl;
    this.transport = config.smtpUrl
      ? createTransport(config.smtpUrl)
      : createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /**
   * With SMTP, hands the mail to the server once the request has committed, without the request
   * waiting (afterCommit): an answer that mails (a password link for an address that has an
   * account) takes as long as one that does not (issue 42), and a failure is logged, never
   * answered, so it tells nothing either. The outbox is written inside the request (a local
   * file, a millisecond), where the tests and an offline install read it at once; a failure to
   * write it fails the request.
   */
  async send(mail: Mail): Promise<void> {
    if (!this.outbox) return afterCommit(() => void this.deliver(mail));
    const info = await this.transport.sendMail(this.message(mail));
    mkdirSync(this.config.outboxDir, { recursive: true, mode: OUTBOX_MODE });
    // a folder made by an older version (0755) is closed too
    chmodSync(this.config.outboxDir, OUTBOX_MODE);
    const file = join(
      this.config.outboxDir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
    );
    writeFileSync(file, (info as { message: Buffer }).message, { mode: MAIL_FILE_MODE });
    const link = mail.link ? `; link: ${withoutCodes(mail.link)}` : '';
    this.logger.log(`Mail to ${mail.to} written to ${file}${link}`);
  }

  private message(mail: Mail) {
    return { from: this.config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text };
  }

  /** One SMTP attempt; the mail's owner asks again (Forgotten password, Reactivate) if it fails. */
  private async deliver(mail: Mail): Promise<void> {
    try {
      await this.transport.sendMail(this.message(mail));
    } catch (error: unknown) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.error(`Mail to ${mail.to} ("${mail.subject}") could not be sent: ${withoutCodes(reason)}`);
    }
  }
}
