import { MS_PER_DAY, Role, Verdict } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createAccount, createManager, createMember } from '../../test/fixtures';
import type { TestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-app';
import { editorApi, ok } from '../editor/testing/editor-api';
import { insertProduct, insertRuns, insertSeq } from '../reports/testing/report-fixtures';
import type { AccountRowDto, BillRowDto, UsageRowDto } from './dto/back-office.dto';

const MONTH_MSG = 'month: A month YYYY-MM from 2023-05 to the current month, like 2025-10';
const { Passed: P, Failed: F, Aborted: A } = Verdict;

/** An account with a product and a test; `registered` sets its sign-up time. */
async function accountWith(t: TestApp, name: string, registered: string, manager = true) {
  const member = manager ? await createManager(t, name) : undefined;
  const id = member?.accountId ?? (await createAccount(t, name));
  await t.dataSource.query('UPDATE account SET created_at = $2 WHERE id = $1', [id, registered]);
  return { id, email: member?.email ?? '' };
}

function runsAt(productId: number, seqId: number, uploads: [string, Verdict][]) {
  return uploads.map(([createdAt, result], i) => ({
    sn: `SN-${i}`,
    productId,
    seqId,
    start: '2025-09-15T10:00:00Z',
    result,
    createdAt,
  }));
}

describeEachDatabase(
  'back office: bill, usage, accounts (docs/requirements/back-office-and-billing.md, docs/requirements/back-office-and-billing.md#bill)',
  (t) => {
    let admin: Member;
    let acme: { id: number; email: string };
    let beta: { id: number; email: string };
    let quiet: { id: number; email: string };
    const api = () => editorApi(t, admin);
    const todayStart = Math.floor(Date.now() / MS_PER_DAY) * MS_PER_DAY;
    const daysAgo = (n: number) => new Date(todayStart - n * MS_PER_DAY + 60_000).toISOString();
    const dayOf = (n: number) => daysAgo(n).slice(0, 10);

    beforeAll(async () => {
      admin = await createMember(t(), null, Role.Admin);
      // Acme's free trial runs to 2025-10-20T00:00Z
      acme = await accountWith(t(), 'acme', '2025-09-20T00:00:00Z');
      beta = await accountWith(t(), 'Beta', '2025-01-01T00:00:00Z');
      quiet = await accountWith(t(), 'Quiet', '2025-02-01T00:00:00Z', false);
      const filter = await insertProduct(t(), acme.id, 'Filter');
      const amp = await insertProduct(t(), acme.id, 'Amp');
      const widget = await insertProduct(t(), beta.id, 'Widget');
      const pass = await insertSeq(t(), acme.id, filter, 'Pass band', 1, 1);
      const stop = await insertSeq(t(), acme.id, filter, 'Stop band', 2, 1);
      const gain = await insertSeq(t(), acme.id, amp, 'Gain');
      const check = await insertSeq(t(), beta.id, widget, 'Check');
      await insertRuns(t(), acme.id, [
        ...runsAt(filter, pass, [
          ['2025-09-30T23:59:59.999Z', P], // September
          ['2025-10-05T08:00:00Z', P],
          ['2025-10-19T23:59:59.999Z', F], // last free moment
          ['2025-10-20T00:00:00Z', A], // first billable one
          ['2025-11-01T00:00:00Z', P], // November
        ]),
        ...runsAt(filter, stop, [['2025-10-31T23:59:59.999Z', P]]),
        ...runsAt(amp, gain, [
          ['2025-10-10T00:00:00Z', P],
          ['2025-10-11T00:00:00Z', F],
        ]),
        ...runsAt(filter, pass, [
          [daysAgo(0), P],
          [daysAgo(0), P],
          [daysAgo(0), F],
          [daysAgo(6), A],
          [daysAgo(7), P],
        ]),
      ]);
      // a late upload: started in September, uploaded (and billed) in October
      await insertRuns(t(), beta.id, [
        ...runsAt(widget, check, [['2025-10-15T12:00:00Z', F]]),
        ...runsAt(widget, check, [
          [daysAgo(1), P],
          [daysAgo(29), P],
          [daysAgo(30), F],
          [daysAgo(1000), P],
        ]),
      ]);
      // a deleted product stays on the bill: its runs were uploaded
      await t().dataSource.query('UPDATE product SET deleted_at = now() WHERE id = $1', [amp]);
    });

    it('bills uploaded runs per account, product and test of a UTC month, marking the free trial', async () => {
      const rows = await ok<BillRowDto[]>(api().get('/report/bill?month=2025-10'));
      const row = (
        accountId: number,
        email: string,
        accountName: string,
        productName: string,
        seqName: string,
      ) => ({ accountId, accountName, managerEmail: email, productName, seqName });
      const price = { pricePerRecord: 0.125, currency: 'EUR' };
      expect(rows).toEqual([
        {
          ...row(acme.id, acme.email, 'acme', 'Amp', 'Gain'),
          count: 2,
          freeCount: 2,
          billableCount: 0,
          amount: 0,
          ...price,
          trialEnd: '2025-10-20T00:00:00.000Z',
        },
        {
          ...row(acme.id, acme.email, 'acme', 'Filter', 'Pass band'),
          count: 3,
          freeCount: 2,
          billableCount: 1,
          amount: 0.13,
          ...price,
          trialEnd: '2025-10-20T00:00:00.000Z',
        },
        {
          ...row(acme.id, acme.email, 'acme', 'Filter', 'Stop band'),
          count: 1,
          freeCount: 0,
          billableCount: 1,
          amount: 0.13,
          ...price,
          trialEnd: '2025-10-20T00:00:00.000Z',
        },
        {
          ...row(beta.id, beta.email, 'Beta', 'Widget', 'Check'),
          count: 1,
          freeCount: 0,
          billableCount: 1,
          amount: 0.13,
          ...price,
          trialEnd: '2025-01-31T00:00:00.000Z',
        },
      ]);
      expect(
        (await ok<BillRowDto[]>(api().get('/report/bill?month=2025-09'))).map((r) => [
          r.seqName,
          r.count,
          r.freeCount,
        ]),
      ).toEqual([['Pass band', 1, 1]]);
      expect(await ok(api().get('/report/bill?month=2023-05'))).toEqual([]);
    });

    it.each(['2023-04', '2025-13', '2025-1', 'soon', '2025-10-01', ''])('refuses month %p', async (month) => {
      const res = await api().get(`/report/bill?month=${month}`);
      expect([res.status, res.body]).toEqual([400, { status: 0, msg: MONTH_MSG, data: null }]);
    });

    it('refuses a month after the current one, and no month', async () => {
      const now = new Date();
      const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
        .toISOString()
        .slice(0, 7);
      expect((await api().get(`/report/bill?month=${now.toISOString().slice(0, 7)}`)).body.status).toBe(1);
      for (const path of [
        `/report/bill?month=${next}`,
        '/report/bill',
        '/report/bill?month=2025-10&month=2025-09',
      ]) {
        const res = await api().get(path);
        expect([res.status, res.body.msg]).toEqual([400, MONTH_MSG]);
      }
    });

    it('gives usage per UTC day of upload, account, product, test and result, newest first', async () => {
      const usage = (days: number) => ok<UsageRowDto[]>(api().get(`/report/usage?day_num=${days}`));
      const acmeRow = (n: number, result: Verdict, count: number) => ({
        date: dayOf(n),
        accountId: acme.id,
        account: 'acme',
        managerEmail: acme.email,
        product: 'Filter',
        seq: 'Pass band',
        result,
        count,
      });
      const betaRow = (n: number, result: Verdict, count: number) => ({
        date: dayOf(n),
        accountId: beta.id,
        account: 'Beta',
        managerEmail: beta.email,
        product: 'Widget',
        seq: 'Check',
        result,
        count,
      });
      const week = [acmeRow(0, P, 2), acmeRow(0, F, 1), betaRow(1, P, 1), acmeRow(6, A, 1)];
      expect(await usage(7)).toEqual(week);
      expect(await usage(30)).toEqual([...week, acmeRow(7, P, 1), betaRow(29, P, 1)]);
      const all = await usage(100000);
      expect(all.slice(0, 6)).toEqual([...week, acmeRow(7, P, 1), betaRow(29, P, 1)]);
      expect(all.slice(6).map((r) => [r.date, r.account, r.product, r.seq, r.result, r.count])).toEqual([
        [dayOf(30), 'Beta', 'Widget', 'Check', F, 1],
        ['2025-11-01', 'acme', 'Filter', 'Pass band', P, 1],
        ['2025-10-31', 'acme', 'Filter', 'Stop band', P, 1],
        ['2025-10-20', 'acme', 'Filter', 'Pass band', A, 1],
        ['2025-10-19', 'acme', 'Filter', 'Pass band', F, 1],
        ['2025-10-15', 'Beta', 'Widget', 'Check', F, 1],
        ['2025-10-11', 'acme', 'Amp', 'Gain', F, 1],
        ['2025-10-10', 'acme', 'Amp', 'Gain', P, 1],
        ['2025-10-05', 'acme', 'Filter', 'Pass band', P, 1],
        ['2025-09-30', 'acme', 'Filter', 'Pass band', P, 1],
        [dayOf(1000), 'Beta', 'Widget', 'Check', P, 1],
      ]);
    });

    it.each(['1', '0', '31', '-7', '7.0', 'all', ''])('refuses day_num %p', async (days) => {
      const res = await api().get(`/report/usage?day_num=${days}`);
      expect([res.status, res.body]).toEqual([
        400,
        { status: 0, msg: 'day_num: Either 7, 30 or 100000 (days)', data: null },
      ]);
    });

    it('lists every account, newest first, with its manager and state', async () => {
      const rows = await ok<AccountRowDto[]>(api().get('/report/accounts'));
      expect(rows).toEqual([
        {
          id: acme.id,
          name: 'acme',
          managerEmail: acme.email,
          registerTime: Date.parse('2025-09-20T00:00:00.000Z'),
          isActive: true,
        },
        {
          id: quiet.id,
          name: 'Quiet',
          managerEmail: '',
          registerTime: Date.parse('2025-02-01T00:00:00.000Z'),
          isActive: true,
        },
        {
          id: beta.id,
          name: 'Beta',
          managerEmail: beta.email,
          registerTime: Date.parse('2025-01-01T00:00:00.000Z'),
          isActive: true,
        },
      ]);
      await t().dataSource.query('UPDATE account SET is_active = false WHERE id = $1', [quiet.id]);
      expect((await ok<AccountRowDto[]>(api().get('/report/accounts')))[1]!.isActive).toBe(false);
    });

    it('is for the provider administrator only: 403 for members, 401 without a session', async () => {
      const manager = await createManager(t());
      const operator = await createMember(t(), manager.accountId, Role.Operator);
      for (const path of ['/report/bill?month=2025-10', '/report/usage?day_num=7', '/report/accounts']) {
        for (const member of [manager, operator]) {
          const res = await editorApi(t, member).get(path);
          expect([res.status, res.body]).toEqual([
            403,
            { status: 0, msg: 'Only the provider administrator may do this', data: null },
          ]);
        }
        const res = await editorApi(t).get(path);
        expect([res.status, res.body.msg]).toEqual([401, 'Please log in']);
      }
      await t().dataSource.query(
        'DELETE FROM session WHERE user_id IN (SELECT id FROM app_user WHERE account_id = $1)',
        [manager.accountId],
      );
    });
  },
  { billing: { pricePerRecord: 0.125, currency: 'EUR' } },
);
