import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import { withoutCodes } from '../common/log-redaction';
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
 * E-mail (docs/requirements/identity.md#e-mail): real SMTP through nodemailer when SMTP_URL is set; otherwise every mail is
 * written as an .eml file to <data dir>/outbox/ (owner-only) and its link is logged without its code.
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

  async send(mail: Mail): Promise<void> {
    const info = await this.transport.sendMail({
      from: this.config.mailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
    if (!this.outbox) return;
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
}
