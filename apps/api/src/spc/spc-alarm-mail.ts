import { Injectable, Logger } from '@nestjs/common';
import { MailService } from '../mail/mail.service';
import type { Subscriber } from './spc.repository';

/** What an opened alarm's mail says. */
export interface OpenedAlarm {
  alarmId: number;
  step: string;
  /** spcAlarmLine of the domain. */
  line: string;
  sn: string;
  value: number;
}

/**
 * The mail to a product's subscribers when an alarm opens (DESIGN.md, "Statistical process
 * control in production"): once per alarm, not per violation. Through MailService: without
 * SMTP_URL it lands in the outbox; with it, it goes after the upload commits (afterCommit), the
 * upload not waiting for the mail server. A mail that fails is logged, never refused: the run
 * that opened the alarm is stored and the alarm shows everywhere else.
 */
@Injectable()
export class SpcAlarmMail {
  private readonly log = new Logger('SpcAlarmMail');

  constructor(private readonly mail: MailService) {}

  async send(subscribers: readonly Subscriber[], alarm: OpenedAlarm): Promise<void> {
    for (const to of subscribers) {
      await this.mail
        .send({
          to: to.email,
          subject: `SPC alarm on ${alarm.step} (${to.productName}, ${to.seqName})`,
          text:
            `${alarm.line}.\n\n` +
            `Product ${to.productName}, test ${to.seqName}, step ${alarm.step}: serial number ${alarm.sn} ` +
            `measured ${alarm.value}.\n` +
            `Alarm ${alarm.alarmId} stays open, collecting later violations, until someone acknowledges it ` +
            `with a note in Reports, SPC alarms.\n\n` +
            `You get this mail because you subscribed to the product's SPC alarms.\n`,
        })
        .catch((error: unknown) =>
          this.log.error(`SPC alarm ${alarm.alarmId}: mail to ${to.email} failed: ${String(error)}`),
        );
    }
  }
}
