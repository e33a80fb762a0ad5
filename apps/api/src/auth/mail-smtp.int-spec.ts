import request from 'supertest';
import { Role } from '@sweepline/domain';
import type { AppConfig } from '../config/app-config';
import type { SmtpCatcher } from '../../test/mail';
import { linkIn, linkParams, outboxMails, startSmtpServer } from '../../test/mail';
import { describeEachDatabase } from '../../test/test-app';
import { login, verifiedSession } from '../../test/verification';

const API = '/webcyc/api';

// Issue 4: the tests read mails from a real SMTP server started inside the test.
let smtp: SmtpCatcher;
const overrides: Partial<AppConfig> = {};

beforeAll(async () => {
  smtp = await startSmtpServer();
  overrides.smtpUrl = smtp.url;
});
afterAll(() => smtp?.close());

describeEachDatabase(
  'mail through SMTP',
  (t) => {
    it('delivers the activation link, which activates the account for logging in', async () => {
      const email = `smtp.${Date.now()}.${t().target.name}@example.com`;
      const token = await verifiedSession(t().http());
      const res = await request(t().http())
        .post(`${API}/user/signup`)
        .set('x-auth-token', token)
        .send({ account_name: 'Relay Ltd', email, password: 'smtp-pass-1', manager_name: 'Sam' });
      expect(res.body).toEqual({ status: 1, msg: '', data: null });

      const mail = await smtp.mailTo(email);
      expect(mail.subject).toBe('Activate your Sweepline account');
      const link = linkIn(mail.text, '/activate')!;
      expect(link.startsWith(`${t().config.publicUrl}/activate?`)).toBe(true);
      expect(
        (await request(t().http()).post(`${API}/user/activate`).send(linkParams(link))).body.status,
      ).toBe(1);

      const signedIn = await login(t().http(), email, 'smtp-pass-1');
      expect(signedIn.body.data).toEqual({ email, name: 'Sam', role: Role.Manager });
      expect(outboxMails(t().config.outboxDir)).toEqual([]);
    });
  },
  overrides,
);
