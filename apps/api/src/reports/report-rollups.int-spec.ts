import { dayRange, daysBetween, Role, Verdict } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { editorApi, ok } from '../editor/testing/editor-api';
import type { Line } from '../runner/testing/runner-fixtures';
import { addSerialNumbers, productWithTests, uploadRunAt } from '../runner/testing/runner-fixtures';

const FIRST_DAY = '2025-11-18';
const LAST_DAY = '2025-11-24';

/** The local day of a run at the offset $2 (quarter hours), computed from run alone. */
const LOCAL_DAY = `((start_time AT TIME ZONE 'UTC') + make_interval(mins => $2 * 15))::date`;
const RATE = (part: string, whole: string) => `round(100.0 * ${part} / ${whole}, 2)::float8`;

/**
 * Each report as its definition reads on run itself (docs/domain.md "Reports"), with none of the
 * roll-ups: $1 the product or test, $2 the offset in quarter hours.
 */
const DIRECT = {
  units: `SELECT to_char(${LOCAL_DAY}, 'YYYY-MM-DD') AS date, count(DISTINCT serial_number_id)::int AS count
            FROM run WHERE product_id = $1 GROUP BY 1`,
  passRate: `SELECT to_char(${LOCAL_DAY}, 'YYYY-MM-DD') AS date,
                    ${RATE('count(*) FILTER (WHERE result = 1)', 'count(*)')} AS "passRate"
               FROM run WHERE seq_id = $1 AND result <> -1 GROUP BY 1`,
  firstTime: `SELECT to_char(${LOCAL_DAY}, 'YYYY-MM-DD') AS date,
                     ${RATE('count(*) FILTER (WHERE result = 1)', 'count(*)')} AS "passRate"
                FROM run WHERE seq_id = $1 AND is_first GROUP BY 1`,
  throughput: `SELECT date, ${RATE('count(*) FILTER (WHERE passed)', 'count(*)')} AS "passRate"
                 FROM (SELECT to_char(${LOCAL_DAY}, 'YYYY-MM-DD') AS date, bool_or(result = 1) AS passed
                         FROM run WHERE seq_id = $1 GROUP BY 1, serial_number_id) u GROUP BY date`,
};

/**
 * The roll-ups behind the daily reports and the upload (migration 1763857300000), fed by real
 * uploads: retests, aborts, a late upload that takes the first-run mark, a tie, a jump back to
 * an earlier stage, a finished unit, and runs on either side of midnight for many offsets.
 */
describeEachDatabase('daily reports from the roll-ups equal the reports read from run', (t) => {
  let manager: Member;
  let line: Line;

  beforeAll(async () => {
    manager = await createManager(t());
    const operator = await createMember(t(), manager.accountId, Role.Operator);
    line = await productWithTests(editorApi(t, manager), 'Rollup', [1, 1, 2]);
    const api = editorApi(t, operator);
    await addSerialNumbers(api, line.product.id, ['A', 'B', 'C', 'D', 'E', 'F']);
    const [t1, t2, t3] = line.tests;
    const upload = (test: typeof t1, sn: string, at: string, result: Verdict) =>
      uploadRunAt(api, test!, sn, at, result);
    // A: either side of UTC midnight, then of +8's (16:00 UTC); advances to stage 2, jumps back
    await upload(t1, 'A', '2025-11-20T23:50:00Z', Verdict.Failed);
    await upload(t1, 'A', '2025-11-21T00:10:00Z', Verdict.Passed);
    await upload(t2, 'A', '2025-11-21T00:20:00Z', Verdict.Aborted);
    await upload(t2, 'A', '2025-11-21T15:55:00Z', Verdict.Passed);
    await upload(t3, 'A', '2025-11-21T16:05:00Z', Verdict.Failed);
    await ok(api.post('/sn_stage_history', { sn_array: ['A'], stage_no: 1, product_id: line.product.id }));
    // either side of -5's midnight (05:00 UTC), in the new visit
    await upload(t1, 'A', '2025-11-22T04:55:00Z', Verdict.Passed);
    await upload(t1, 'A', '2025-11-22T05:05:00Z', Verdict.Failed);
    // B: a late upload from the offline queue started first: it takes the first-run mark
    await upload(t1, 'B', '2025-11-21T10:00:00Z', Verdict.Passed);
    await upload(t1, 'B', '2025-11-19T10:00:00Z', Verdict.Failed);
    // either side of +5.5's midnight (18:30 UTC)
    await upload(t2, 'B', '2025-11-21T18:25:00Z', Verdict.Failed);
    await upload(t2, 'B', '2025-11-21T18:35:00Z', Verdict.Passed);
    // C: the same start time twice, the abort uploaded last
    await upload(t1, 'C', '2025-11-21T05:00:00Z', Verdict.Passed);
    await upload(t1, 'C', '2025-11-21T05:00:00Z', Verdict.Aborted);
    // D: either side of ±12's midnight (12:00 UTC), then finishes across UTC midnight
    await upload(t1, 'D', '2025-11-20T11:59:00Z', Verdict.Aborted);
    await upload(t1, 'D', '2025-11-20T12:01:00Z', Verdict.Passed);
    await upload(t2, 'D', '2025-11-22T23:59:00Z', Verdict.Passed);
    await upload(t3, 'D', '2025-11-23T00:01:00Z', Verdict.Passed);
    // E: either side of -3.5's midnight (03:30 UTC), the earlier run uploaded last
    await upload(t1, 'E', '2025-11-23T03:30:00Z', Verdict.Failed);
    await upload(t1, 'E', '2025-11-23T03:29:00Z', Verdict.Passed);
    // F: a late upload on the day before a day with runs: it moves that day's heads (the product's,
    // the test's and the passing runs')
    await upload(t1, 'F', '2025-11-22T02:00:00Z', Verdict.Passed);
    await upload(t1, 'F', '2025-11-21T23:00:00Z', Verdict.Passed);
  });

  const direct = async (sql: string, scope: number, quarterHours: number, days: string[]) => {
    const rows: { date: string }[] = await t().dataSource.query(sql, [scope, quarterHours]);
    return rows.filter((row) => days.includes(row.date)).sort((a, b) => a.date.localeCompare(b.date));
  };

  it('answers every report at every allowed offset (-12 to 14 hours in quarter hours) as run does', async () => {
    const api = editorApi(t, manager);
    const days = daysBetween(FIRST_DAY, LAST_DAY);
    for (let quarterHours = -48; quarterHours <= 56; quarterHours++) {
      const zone = quarterHours / 4;
      const { start_time, stop_time } = dayRange(FIRST_DAY, LAST_DAY, zone);
      const q = `start_time=${start_time}&stop_time=${stop_time}&zone_offset=${zone}`;
      const counted = new Map(
        (await direct(DIRECT.units, line.product.id, quarterHours, days)).map((r) => [r.date, r]),
      );
      expect([
        zone,
        await ok(api.get(`/report/daily_test_unit_count?product_id=${line.product.id}&${q}`)),
      ]).toEqual([zone, days.map((date) => counted.get(date) ?? { date, count: 0 })]);
      for (const { id } of line.tests) {
        const reports = [
          [`/report/daily_pass_rate?seq_id=${id}&${q}`, DIRECT.passRate],
          [`/report/sn_pass_yield?seq_id=${id}&is_first=1&${q}`, DIRECT.firstTime],
          [`/report/sn_pass_yield?seq_id=${id}&is_first=0&${q}`, DIRECT.throughput],
        ] as const;
        for (const [path, sql] of reports)
          expect([zone, path, await ok(api.get(path))]).toEqual([
            zone,
            path,
            await direct(sql, id, quarterHours, days),
          ]);
      }
    }
  }, 180_000);

  it('covers what the uploads made: both sides of midnight, a late first run, a jump', async () => {
    const [t1] = line.tests;
    const { start_time, stop_time } = dayRange(FIRST_DAY, LAST_DAY, 0);
    const yieldOf = (isFirst: number) =>
      ok(
        editorApi(t, manager).get(
          `/report/sn_pass_yield?seq_id=${t1!.id}&is_first=${isFirst}&start_time=${start_time}&stop_time=${stop_time}&zone_offset=0`,
        ),
      );
    // first runs of T1: B on the 19th (failed, uploaded late), A and D on the 20th (failed, aborted),
    // C on the 21st (the abort: a tie goes to the lower result) and F (passed, uploaded late), E on
    // the 23rd (passed, uploaded last)
    expect(await yieldOf(1)).toEqual([
      { date: '2025-11-19', passRate: 0 },
      { date: '2025-11-20', passRate: 0 },
      { date: '2025-11-21', passRate: 50 },
      { date: '2025-11-23', passRate: 100 },
    ]);
    // units of T1 by UTC day: 19th B failed; 20th A failed, D passed; 21st A, B, C, F passed;
    // 22nd A passed (after the jump), F passed; 23rd E passed
    expect(await yieldOf(0)).toEqual([
      { date: '2025-11-19', passRate: 0 },
      { date: '2025-11-20', passRate: 50 },
      { date: '2025-11-21', passRate: 100 },
      { date: '2025-11-22', passRate: 100 },
      { date: '2025-11-23', passRate: 100 },
    ]);
  });

  it("keeps the upload's state per unit and test as run holds it", async () => {
    const ds = t().dataSource;
    const expected = await ds.query(
      `SELECT DISTINCT ON (serial_number_id, seq_id) serial_number_id, seq_id,
              sn_stage_history_id AS visit_history_id,
              count(*) OVER (PARTITION BY serial_number_id, seq_id, sn_stage_history_id)::int AS visit_runs,
              id::float8 AS latest_id, result AS latest_result,
              (SELECT f.id::float8 FROM run f WHERE f.serial_number_id = r.serial_number_id AND f.seq_id = r.seq_id
                  AND f.is_first) AS first_id
         FROM run r WHERE account_id = $1
        ORDER BY serial_number_id, seq_id, sn_stage_history_id DESC, start_time DESC, id DESC`,
      [manager.accountId],
    );
    expect(expected).toHaveLength(11);
    expect(
      await ds.query(
        `SELECT serial_number_id, seq_id, visit_history_id, visit_runs, latest_id::float8, latest_result,
                first_id::float8
           FROM run_unit_test WHERE account_id = $1 ORDER BY serial_number_id, seq_id`,
        [manager.accountId],
      ),
    ).toEqual(expected);
  });
});
