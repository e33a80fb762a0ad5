import { createManager } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { dueOnInForce, latestDueOnInForce } from './certificate-in-force.sql';
import { insertCertificate, insertInstrument } from './testing/instrument-fixtures';

/** Every UTC day from 2025-12-25 to 2027-01-10. */
const DAYS = Array.from({ length: 382 }, (_, n) =>
  new Date(Date.UTC(2025, 11, 25 + n)).toISOString().slice(0, 10),
);

/**
 * The upload's due date in force (latestDueOnInForce, from the due date the instrument's row keeps,
 * migration 1763860200000) equals the rule read from the certificates (dueOnInForce) on every day,
 * as certificates are recorded in any order, changed and removed: a later certificate with an
 * earlier due date, one recorded late for a past calibration, two with the same due date.
 */
describeEachDatabase('the due date in force kept on the instrument', (t) => {
  async function dueDates(accountId: number, instrumentId: number) {
    const rows = await t().dataSource.query<{ day: string; rule: string | null; kept: string | null }[]>(
      `SELECT d.day::text AS day, ${dueOnInForce('i.id', '$1', 'd.day')}::text AS rule,
              (${latestDueOnInForce('i', '$1', 'd.day')})::text AS kept
         FROM instrument i, unnest($3::date[]) AS d(day)
        WHERE i.account_id = $1 AND i.id = $2`,
      [accountId, instrumentId, DAYS],
    );
    return rows;
  }

  async function expectKeptAsRule(accountId: number, instrumentId: number) {
    const rows = await dueDates(accountId, instrumentId);
    expect(rows).toHaveLength(DAYS.length);
    expect(rows.filter((r) => r.kept !== r.rule)).toEqual([]);
    return rows;
  }

  it('answers as the certificates on every day, whatever the order they are recorded in', async () => {
    const accountId = (await createManager(t())).accountId!;
    const id = await insertInstrument(t(), accountId, { model: 'E5071C', serial: 'MY-KEPT-1' });
    expect((await expectKeptAsRule(accountId, id)).every((r) => r.rule === null)).toBe(true);

    await insertCertificate(t(), accountId, id, {
      number: 'A',
      calibratedOn: '2026-01-10',
      dueOn: '2027-01-10',
    });
    // calibrated later, due earlier: the first stays in force after it
    await insertCertificate(t(), accountId, id, {
      number: 'B',
      calibratedOn: '2026-06-01',
      dueOn: '2026-12-01',
    });
    await expectKeptAsRule(accountId, id);
    // recorded late for an earlier calibration with the same latest due date
    await insertCertificate(t(), accountId, id, {
      number: 'C',
      calibratedOn: '2026-01-02',
      dueOn: '2027-01-10',
    });
    const rows = await expectKeptAsRule(accountId, id);
    expect(rows.find((r) => r.day === '2026-01-01')!.rule).toBeNull();
    expect(rows.find((r) => r.day === '2026-01-02')!.rule).toBe('2027-01-10');
    const [kept] = await t().dataSource.query<{ on: string; from: string }[]>(
      `SELECT latest_due_on::text AS on, latest_due_from::text AS from FROM instrument WHERE id = $1`,
      [id],
    );
    expect(kept).toEqual({ on: '2027-01-10', from: '2026-01-02' });
  });

  it('follows a certificate changed or removed', async () => {
    const accountId = (await createManager(t())).accountId!;
    const id = await insertInstrument(t(), accountId, { model: 'ZNB8', serial: 'KEPT-2' });
    const a = await insertCertificate(t(), accountId, id, {
      number: 'A',
      calibratedOn: '2026-01-10',
      dueOn: '2026-07-10',
    });
    const b = await insertCertificate(t(), accountId, id, {
      number: 'B',
      calibratedOn: '2026-07-01',
      dueOn: '2027-01-01',
    });
    await t().dataSource.query(`UPDATE instrument_certificate SET due_on = '2027-06-01' WHERE id = $1`, [a]);
    await expectKeptAsRule(accountId, id);
    await t().dataSource.query(`DELETE FROM instrument_certificate WHERE id = $1`, [a]);
    await expectKeptAsRule(accountId, id);
    await t().dataSource.query(`DELETE FROM instrument_certificate WHERE id = $1`, [b]);
    expect((await expectKeptAsRule(accountId, id)).every((r) => r.rule === null)).toBe(true);
  });
});
