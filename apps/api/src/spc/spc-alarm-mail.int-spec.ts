import { spcAlarmLine, type SpcSubscription } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createEditorMembers, editorApi, ok } from '../editor/testing/editor-api';
import { startSmtpServer, type SmtpCatcher } from '../../test/mail';
import type { AppConfig } from '../config/app-config';
import { describeEachDatabase } from '../../test/test-app';
import { productWithTests, type Line } from '../runner/testing/runner-fixtures';
import {
  freezeFromBaseline,
  postValue,
  sigmasOff,
  SPC_BASELINE,
  SPC_STEP,
  uploadValue,
} from './testing/spc-uploads';

/**
 * A mail server that answers its greeting and each mail's data this late: an upload that waited
 * for its alarm mail would answer at least twice that late.
 */
const SLOW_SMTP_MS = 500;
let slowSmtp: SmtpCatcher;
const throughSlowSmtp: Partial<AppConfig> = {};
beforeAll(async () => {
  slowSmtp = await startSmtpServer(SLOW_SMTP_MS);
  throughSlowSmtp.smtpUrl = slowSmtp.url;
});
afterAll(() => slowSmtp?.close());

/** Beyond 3σ of the frozen limits: rule 1, so the upload opens an alarm. */
const OUT_OF_CONTROL = sigmasOff(4);

/**
 * The mail of an opened SPC alarm with SMTP_URL (docs/architecture.md, "Judging runs as they
 * arrive"): MailService hands it to the server after the upload's transaction commits (afterCommit,
 * which the upload route's RequestTransaction runs), so the upload does not wait for the mail
 * server and holds the step's lock no longer; an upload that rolls back mails nobody.
 */
describeEachDatabase(
  'SPC alarm mail through a slow SMTP server',
  (t) => {
    /** A product whose manager subscribes to its alarms, with limits frozen from a steady baseline. */
    async function subscribedLine(name: string): Promise<{ manager: Member; operator: Member; line: Line }> {
      const { manager, operator } = await createEditorMembers(t());
      const line = await productWithTests(editorApi(t, manager), name, [1]);
      await ok<SpcSubscription>(editorApi(t, manager).put(`/spc/subscriptions/${line.product.id}`));
      for (const value of SPC_BASELINE) await uploadValue(editorApi(t, operator), line, value);
      await ok(editorApi(t, manager).post('/spc/limits', freezeFromBaseline(line)));
      return { manager, operator, line };
    }

    it('the upload that opens an alarm answers without waiting for the mail, which follows its commit', async () => {
      const { manager, operator, line } = await subscribedLine('Mailed');
      const started = Date.now();
      await uploadValue(editorApi(t, operator), line, OUT_OF_CONTROL);
      const took = Date.now() - started;
      expect(took).toBeLessThan(2 * SLOW_SMTP_MS);
      expect(slowSmtp.mails.filter((m) => m.to.includes(manager.email))).toEqual([]);
      const mail = await slowSmtp.mailTo(manager.email, 10_000);
      expect(mail.subject).toBe(`SPC alarm on ${SPC_STEP} (Mailed, ${line.tests[0]!.name})`);
      expect(mail.text).toContain(`${spcAlarmLine(SPC_STEP, [1], 'above')}.`);
    });

    it('an upload that rolls back after opening its alarm mails nobody', async () => {
      const { manager, operator, line } = await subscribedLine('Rolled back');
      // the alarm's row refused at COMMIT: the whole upload, judged and mailed, rolls back there
      await t().dataSource.query(
        `CREATE FUNCTION h8_refuse_alarm() RETURNS trigger LANGUAGE plpgsql AS
           $$ BEGIN RAISE EXCEPTION 'refused by the test at commit'; END $$;
         CREATE CONSTRAINT TRIGGER h8_refuse_alarm AFTER INSERT ON spc_alarm DEFERRABLE INITIALLY DEFERRED
           FOR EACH ROW WHEN (NEW.account_id = ${Number(manager.accountId)}) EXECUTE FUNCTION h8_refuse_alarm()`,
      );
      try {
        const res = await postValue(editorApi(t, operator), line, OUT_OF_CONTROL);
        expect(res.status).toBe(500);
      } finally {
        await t().dataSource.query(
          `DROP TRIGGER h8_refuse_alarm ON spc_alarm; DROP FUNCTION h8_refuse_alarm()`,
        );
      }
      const [{ runs, alarms }] = await t().dataSource.query(
        `SELECT (SELECT count(*)::int FROM run WHERE account_id = $1) AS runs,
                (SELECT count(*)::int FROM spc_alarm WHERE account_id = $1) AS alarms`,
        [manager.accountId],
      );
      expect({ runs, alarms }).toEqual({ runs: SPC_BASELINE.length, alarms: 0 });
      // twice the time a mail would take to arrive
      await new Promise((resolve) => setTimeout(resolve, 4 * SLOW_SMTP_MS));
      expect(slowSmtp.mails.filter((m) => m.to.includes(manager.email))).toEqual([]);
    });
  },
  throughSlowSmtp,
);
