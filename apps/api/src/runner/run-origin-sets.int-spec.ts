import type { RunUpload, RunUploadAnswer } from '@sweepline/domain';
import { Role } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { editorApi, ok } from '../editor/testing/editor-api';
import {
  addCertificate,
  ANALYZER,
  instrumentId,
  PIM,
  runOriginSets,
  wholeCalibration,
} from './testing/origin-fixtures';
import type { LineTest } from './testing/runner-fixtures';
import { addSerialNumbers, productWithTests, runOf } from './testing/runner-fixtures';
import { ORIGIN_SET_CREATE, originSetDigest, originSetParams } from './upload-origin.sql';

/**
 * A run's origin as a shared origin set (docs/traceability.md, "Recording at upload"; migration
 * 1763860300000): runs naming the same instruments, due dates and calibrations share one set, a
 * change of any of them makes a new one, and two uploads creating one set at once both get it.
 */
describeEachDatabase('origin sets: what measured a run, stored once for many runs', (t) => {
  let manager: Member;
  let operator: Member;
  let test: LineTest;
  const upload = (run: RunUpload) =>
    ok<RunUploadAnswer>(editorApi(t, operator).post('/runner/runs', run)).then(async () => {
      const sets = await runOriginSets(t(), manager.accountId!);
      return sets[sets.length - 1]!;
    });
  let minute = 0;
  /** A run of `sn`, a minute after the one before, at LAB-PC-1 with its analyzer and PIM analyzer. */
  const run = (sn: string, over: Partial<RunUpload> = {}) => {
    const start = new Date(Date.parse('2025-05-01T08:00:00Z') + ++minute * 60_000).toISOString();
    return runOf(test, sn, {
      start_time: start,
      end_time: start,
      station: 'LAB-PC-1',
      instruments: [ANALYZER, PIM],
      calibrations: [{ key: 'cal-set-1', step_indices: [1] }],
      ...over,
    });
  };
  const setCount = async () =>
    (
      await t().dataSource.query('SELECT count(*)::int AS n FROM run_origin_set WHERE account_id = $1', [
        manager.accountId,
      ])
    )[0].n as number;

  beforeAll(async () => {
    manager = await createManager(t());
    operator = await createMember(t(), manager.accountId, Role.Operator, 'Olive Operator');
    const line = await productWithTests(editorApi(t, manager), 'Coupler', [1, 1]);
    test = line.tests[0]!;
    await addSerialNumbers(editorApi(t, operator), line.product.id, ['S-1', 'S-2', 'S-3', 'S-4']);
    // the first run records the calibration whole
    await upload(run('S-1', { calibrations: [wholeCalibration('cal-set-1', [1])] }));
  });

  it('stores the origin of many runs naming the same things once, whatever their order in the upload', async () => {
    const first = await upload(run('S-1'));
    const version = () =>
      t()
        .dataSource.query('SELECT xmin::text AS v FROM run_origin_set WHERE id = $1', [first])
        .then((rows: { v: string }[]) => rows[0]!.v);
    const made = await version();
    const sets = [first];
    for (const sn of ['S-2', 'S-3', 'S-2', 'S-4']) sets.push(await upload(run(sn)));
    sets.push(await upload(run('S-3', { instruments: [PIM, ANALYZER] })));
    expect(sets).toEqual(Array(sets.length).fill(first));
    expect(typeof first).toBe('number');
    expect(await setCount()).toBe(1);
    // found by the API's digest, not taken by the insert's conflict (which writes a new version)
    expect(await version()).toBe(made);
  });

  it('makes a new set for a changed calibration, other steps, another instrument or a new certificate', async () => {
    const known = await upload(run('S-1'));
    const otherSteps = await upload(
      run('S-2', { calibrations: [{ key: 'cal-set-1', step_indices: [1, 2] }] }),
    );
    const newCalibration = await upload(
      run('S-2', { calibrations: [wholeCalibration('cal-set-2', [1], { made_at: '2025-05-01T07:00:00Z' })] }),
    );
    const analyzerOnly = await upload(run('S-3', { instruments: [ANALYZER] }));
    const distinct = [known, otherSteps, newCalibration, analyzerOnly];
    expect(new Set(distinct).size).toBe(4);
    // a certificate in force from the runs' day changes the analyzer's due date: a new set
    const analyzer = await instrumentId(t(), manager.accountId!, ANALYZER.serial);
    await addCertificate(t(), manager.accountId!, analyzer, '2025-04-01', '2026-04-01');
    const certified = await upload(run('S-4'));
    expect(distinct).not.toContain(certified);
    expect(await upload(run('S-1'))).toBe(certified);
    // a run naming nothing points to no set
    expect(
      await upload(run('S-2', { station: undefined, instruments: undefined, calibrations: undefined })),
    ).toBe(null);
  });

  it('gives two uploads creating one set at once the same set', async () => {
    const accountId = manager.accountId!;
    const analyzer = await instrumentId(t(), accountId, ANALYZER.serial);
    const params = [
      accountId,
      ...originSetParams({
        instruments: [{ id: analyzer, role: 'network_analyzer', dueOn: null }],
        calibrations: [],
      }),
    ];
    const [a, b] = [t().dataSource.createQueryRunner(), t().dataSource.createQueryRunner()];
    try {
      await a.startTransaction();
      await b.startTransaction();
      const [first] = await a.query(ORIGIN_SET_CREATE, params);
      // the second waits on the first's uncommitted row, then takes it once the first commits
      const second = b.query(ORIGIN_SET_CREATE, params);
      const waited = await Promise.race([second.then(() => false), delay(300).then(() => true)]);
      await a.commitTransaction();
      const [taken] = await second;
      await b.commitTransaction();
      expect(waited).toBe(true);
      expect(typeof first.id).toBe('number');
      expect(taken.id).toBe(first.id);
    } finally {
      await a.release();
      await b.release();
    }
    const rows = await t().dataSource.query(
      `SELECT count(*)::int AS n FROM run_origin_set WHERE account_id = $1 AND instrument_ids = ARRAY[$2::int]
          AND calibration_ids = '{}'`,
      [accountId, analyzer],
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  it("keys a set by the digest the API computes, which is the database's", async () => {
    const contents = [
      originSetParams({ instruments: [], calibrations: [{ id: 7, stepIndices: [3, 1, 2] }] }),
      originSetParams({
        instruments: [
          { id: 12, role: 'pim_analyzer', dueOn: '2027-01-31' },
          { id: 3, role: 'network_analyzer', dueOn: null },
        ],
        calibrations: [
          { id: 40, stepIndices: [] },
          { id: 9, stepIndices: [0, 10, 2] },
        ],
      }),
      // not a role the upload takes: escapes as jsonb prints them
      originSetParams({
        instruments: [{ id: 1, role: 'a "b"\\\n\u0001é', dueOn: '2026-12-01' }],
        calibrations: [],
      }),
    ];
    for (const content of contents) {
      const [row] = await t().dataSource.query(
        'SELECT run_origin_digest($1::int[], $2::text[], $3::date[], $4::int[], $5::jsonb) AS digest',
        content,
      );
      expect(originSetDigest(content)).toBe(row.digest);
    }
  });
});

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
