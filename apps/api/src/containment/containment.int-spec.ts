import request from 'supertest';
import type { ContainmentAnswer, RetestAnswer, SnStageHistory } from '@sweepline/domain';
import { ORIGIN_LIMITS, ORIGIN_MSG, STATION_MSG, Verdict } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import type { EditorMembers } from '../editor/testing/editor-api';
import { API, createEditorMembers, editorApi, expectRefusals, ok } from '../editor/testing/editor-api';
import type { Line } from '../runner/testing/runner-fixtures';
import { addSerialNumbers, productWithTests } from '../runner/testing/runner-fixtures';
import type { OriginRun } from '../instruments/testing/instrument-fixtures';
import {
  insertCalibration,
  insertInstrument,
  insertOriginRuns,
} from '../instruments/testing/instrument-fixtures';

/** 2026-03-0n at `hour`:00 UTC. */
const at = (n: number, hour = 10) =>
  `2026-03-${String(n).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;

describeEachDatabase('containment (docs/api/instruments.md, "Containment")', (t) => {
  let m: EditorMembers;
  let filter: Line;
  let duplexer: Line;
  /** Network analyzers A and B, PIM analyzer C. */
  const ids = { a: 0, b: 0, c: 0, cal1: 0, cal2: 0, theirs: 0, theirCal: 0 };
  /** Serial number ids by serial number. */
  const sn: Record<string, number> = {};
  /** Run ids by name: u1d1 is U1's run on day 1. */
  const run: Record<string, number> = {};

  const as = (member: Member) => editorApi(t, member);
  const query = (q: Record<string, string | number>, by = m.operator) => {
    const search = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]));
    return ok<ContainmentAnswer>(as(by).get(`/containment?${search}`));
  };
  /** The answer as [serial number, [run names]] per unit, in order. */
  const units = async (q: Record<string, string | number>, by = m.operator) => {
    const names = new Map(Object.entries(run).map(([name, id]) => [id, name]));
    const answer = await query({ from: '2026-03-01', to: '2026-03-05', ...q }, by);
    return answer.units.map((unit) => [unit.sn, unit.runs.map((r) => names.get(r.runId))]);
  };
  const stageOf = async (productId: number, serial: string) =>
    ok<SnStageHistory>(as(m.operator).get(`/sn/history?product_id=${productId}&sn=${serial}`));
  const retest = (body: unknown, by = m.editor) => as(by).post('/containment/retest', body as object);
  const history = () =>
    t().dataSource.query(
      'SELECT serial_number_id, stage_no, reason FROM sn_stage_history WHERE account_id = $1 ORDER BY id',
      [m.manager.accountId],
    );

  beforeAll(async () => {
    m = await createEditorMembers(t());
    const account = m.manager.accountId!;
    filter = await productWithTests(as(m.manager), 'Filter', [10, 20]);
    duplexer = await productWithTests(as(m.manager), 'Duplexer', [10, 30]);
    await addSerialNumbers(as(m.operator), filter.product.id, ['U1', 'U2', 'U3', 'U4', 'U6']);
    await addSerialNumbers(as(m.operator), duplexer.product.id, ['U5']);
    ids.a = await insertInstrument(t(), account, { model: 'E5071C', serial: 'A-1' });
    ids.b = await insertInstrument(t(), account, { model: 'E5071C', serial: 'B-2' });
    ids.c = await insertInstrument(t(), account, { role: 'pim_analyzer', model: 'PiMPro', serial: 'C-3' });
    // A was calibrated on day 1 and again on day 3: units measured before and after
    ids.cal1 = await insertCalibration(t(), account, ids.a, 'cal-1', at(1, 7));
    ids.cal2 = await insertCalibration(t(), account, ids.a, 'cal-2', at(3, 7));
    const f = { productId: filter.product.id, seqId: filter.tests[0]!.id };
    const runs: Record<string, OriginRun> = {
      u1d1: {
        ...f,
        sn: 'U1',
        start: at(1),
        station: 'LAB-1',
        operator: 'Olga',
        instruments: [ids.a, ids.c],
        calibrations: [ids.cal1],
      },
      u2d2: {
        ...f,
        sn: 'U2',
        start: at(2),
        station: 'LAB-1',
        operator: 'Piet',
        instruments: [ids.a],
        calibrations: [ids.cal1],
        result: Verdict.Failed,
      },
      u4d2: { ...f, sn: 'U4', start: at(2, 11), station: 'LAB-3', operator: 'Piet', instruments: [ids.b] },
      u3d3: {
        ...f,
        sn: 'U3',
        start: at(3),
        station: 'LAB-2',
        operator: 'Olga',
        instruments: [ids.a],
        calibrations: [ids.cal2],
      },
      u1d4: {
        ...f,
        sn: 'U1',
        start: at(4),
        station: 'LAB-2',
        operator: 'Piet',
        instruments: [ids.a],
        calibrations: [ids.cal2],
      },
      // the last day's last instant is in the range; the next day's first is not
      u6d5: {
        ...f,
        sn: 'U6',
        start: '2026-03-05T23:59:59.999Z',
        station: '=LAB-4',
        operator: 'Olga',
        instruments: [ids.b],
      },
      u5d6: {
        productId: duplexer.product.id,
        seqId: duplexer.tests[0]!.id,
        sn: 'U5',
        start: at(6, 0),
        station: 'LAB-3',
        operator: 'Olga',
        instruments: [ids.b],
      },
      // before any of it, by an older runner: no station, no instruments
      u2old: { ...f, sn: 'U2', start: '2026-02-28T23:59:59.999Z', operator: 'Olga' },
    };
    const made = await insertOriginRuns(t(), account, Object.values(runs));
    Object.keys(runs).forEach((name, i) => (run[name] = made[i]!));
    const snRows = (await t().dataSource.query('SELECT id, sn FROM serial_number WHERE account_id = $1', [
      account,
    ])) as { id: number; sn: string }[];
    for (const row of snRows) sn[row.sn] = row.id;
    // another account, measured at the same times on stations and by operators of the same names
    const stranger = m.stranger.accountId!;
    const theirs = await productWithTests(as(m.stranger), 'Theirs', [10]);
    await addSerialNumbers(as(m.stranger), theirs.product.id, ['U1', 'X1']);
    ids.theirs = await insertInstrument(t(), stranger, { model: 'E5071C', serial: 'A-1' });
    ids.theirCal = await insertCalibration(t(), stranger, ids.theirs, 'cal-1', at(1, 7));
    await insertOriginRuns(t(), stranger, [
      {
        productId: theirs.product.id,
        seqId: theirs.tests[0]!.id,
        sn: 'X1',
        start: at(2),
        station: 'LAB-1',
        operator: 'Olga',
        instruments: [ids.theirs],
        calibrations: [ids.theirCal],
      },
    ]);
  });

  it('finds every unit an instrument measured in the range, by its newest run, with their runs newest first', async () => {
    expect(await units({ instrument_id: ids.a })).toEqual([
      ['U1', ['u1d4', 'u1d1']],
      ['U3', ['u3d3']],
      ['U2', ['u2d2']],
    ]);
    expect(await units({ instrument_id: ids.c })).toEqual([['U1', ['u1d1']]]);
    expect(await units({ instrument_id: ids.b })).toEqual([
      ['U6', ['u6d5']],
      ['U4', ['u4d2']],
    ]);
    expect(await units({ instrument_id: ids.b, to: '2026-03-06' })).toEqual([
      ['U5', ['u5d6']],
      ['U6', ['u6d5']],
      ['U4', ['u4d2']],
    ]);
    expect(await units({ instrument_id: ids.b, from: '2026-03-06', to: '2026-03-06' })).toEqual([
      ['U5', ['u5d6']],
    ]);
  });

  it('finds the units measured with a calibration: before and after A was calibrated again', async () => {
    expect(await units({ calibration_id: ids.cal1 })).toEqual([
      ['U2', ['u2d2']],
      ['U1', ['u1d1']],
    ]);
    expect(await units({ calibration_id: ids.cal2 })).toEqual([
      ['U1', ['u1d4']],
      ['U3', ['u3d3']],
    ]);
  });

  it('finds the units of a station and of an operator', async () => {
    expect(await units({ station: 'LAB-1' })).toEqual([
      ['U2', ['u2d2']],
      ['U1', ['u1d1']],
    ]);
    expect(await units({ station: 'LAB-2' })).toEqual([
      ['U1', ['u1d4']],
      ['U3', ['u3d3']],
    ]);
    expect(await units({ station: 'LAB-9' })).toEqual([]);
    expect(await units({ operator: 'Olga' })).toEqual([
      ['U6', ['u6d5']],
      ['U3', ['u3d3']],
      ['U1', ['u1d1']],
    ]);
    // a run without origin fields is found by its operator, and shows no station
    const old = await query({ operator: 'Olga', from: '2026-02-28', to: '2026-02-28' });
    expect(old.units).toEqual([
      {
        snId: sn.U2,
        sn: 'U2',
        productId: filter.product.id,
        productName: 'Filter',
        stageNo: 10,
        finished: false,
        runs: [
          {
            runId: run.u2old,
            runNo: 2,
            seqName: 'Filter T1',
            startTime: '2026-02-28T23:59:59.999Z',
            result: 1,
            station: null,
            operator: 'Olga',
          },
        ],
      },
    ]);
  });

  it('combines criteria with AND', async () => {
    expect(await units({ instrument_id: ids.a, station: 'LAB-2', operator: 'Piet' })).toEqual([
      ['U1', ['u1d4']],
    ]);
    expect(await units({ calibration_id: ids.cal1, station: 'LAB-1', operator: 'Olga' })).toEqual([
      ['U1', ['u1d1']],
    ]);
    expect(await units({ calibration_id: ids.cal1, instrument_id: ids.c })).toEqual([['U1', ['u1d1']]]);
    expect(await units({ calibration_id: ids.cal2, instrument_id: ids.b })).toEqual([]);
    expect(await units({ station: 'LAB-3', operator: 'Piet' })).toEqual([['U4', ['u4d2']]]);
    expect(await units({ instrument_id: ids.a, operator: 'Piet' })).toEqual([
      ['U1', ['u1d4']],
      ['U2', ['u2d2']],
    ]);
  });

  it("answers each run's details and each unit's status now, and counts the runs", async () => {
    await t().dataSource.query(
      `WITH h AS (INSERT INTO sn_stage_history (account_id, serial_number_id, stage_no, reason, run_id, created_by_name)
                  VALUES ($1, $2, NULL, 'advance', $3, 'fixture') RETURNING id, serial_number_id)
       UPDATE serial_number s SET current_history_id = h.id FROM h WHERE s.id = h.serial_number_id`,
      [m.manager.accountId, sn.U3, run.u3d3],
    );
    const answer = await query({ calibration_id: ids.cal2, from: '2026-03-01', to: '2026-03-05' });
    expect(answer).toEqual({
      units: [
        {
          snId: sn.U1,
          sn: 'U1',
          productId: filter.product.id,
          productName: 'Filter',
          stageNo: 10,
          finished: false,
          runs: [
            {
              runId: run.u1d4,
              runNo: 2,
              seqName: 'Filter T1',
              startTime: at(4),
              result: 1,
              station: 'LAB-2',
              operator: 'Piet',
            },
          ],
        },
        expect.objectContaining({ sn: 'U3', stageNo: null, finished: true }),
      ],
      runCount: 2,
      truncated: false,
    });
    const failed = await query({ station: 'LAB-1', operator: 'Piet', from: '2026-03-01', to: '2026-03-05' });
    expect(failed.units[0]!.runs[0]).toMatchObject({ runId: run.u2d2, result: 0 });
  });

  it('exports every run as CSV, one line each with its unit’s status, formulas made text', async () => {
    const res = await request(t().http())
      .get(`${API}/containment/csv?instrument_id=${ids.b}&from=2026-03-01&to=2026-03-06`)
      .set('x-auth-token', m.operator.token)
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.on('data', (c: Buffer) => (text += c.toString('utf8')));
        r.on('end', () => done(null, text));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="containment.csv"');
    expect((res.body as string).split('\r\n')).toEqual([
      'serial number,product,status now,run start (UTC),run no,test,result,station,operator,run id',
      `U5,Duplexer,stage 10,2026-03-06 00:00:00,1,Duplexer T1,Passed,LAB-3,Olga,${run.u5d6}`,
      `U6,Filter,stage 10,2026-03-05 23:59:59,1,Filter T1,Passed,'=LAB-4,Olga,${run.u6d5}`,
      `U4,Filter,stage 10,2026-03-02 11:00:00,1,Filter T1,Passed,LAB-3,Piet,${run.u4d2}`,
      '',
    ]);
  });

  it(`lists at most ${ORIGIN_LIMITS.containmentRuns} runs, the newest, and says so; the CSV has them all`, async () => {
    const beyond = ORIGIN_LIMITS.containmentRuns + 1;
    // one run a second on day 7, on a station of its own
    await t().dataSource.query(
      `INSERT INTO run (account_id, product_id, seq_id, serial_number_id, sn, sn_stage_history_id, run_no, client_run_id,
                        seq_version, start_time, end_time, result, user_name, steps, is_first, station)
       SELECT s.account_id, s.product_id, $2, s.id, s.sn, s.current_history_id, 100 + g, gen_random_uuid()::text,
              1, $3::timestamptz + g * interval '1 second', $3::timestamptz + g * interval '1 second', 1, 'Olga',
              '[]', false, 'LAB-BULK'
         FROM serial_number s, generate_series(1, $4) g WHERE s.id = $1`,
      [sn.U4, filter.tests[0]!.id, at(7, 0), beyond],
    );
    const q = { station: 'LAB-BULK', from: '2026-03-07', to: '2026-03-07' };
    const answer = await query(q);
    expect([answer.runCount, answer.truncated, answer.units.length]).toEqual([beyond - 1, true, 1]);
    const runNos = answer.units[0]!.runs.map((r) => r.runNo);
    expect([runNos[0], runNos.at(-1)]).toEqual([100 + beyond, 102]);
    const csv = await request(t().http())
      .get(`${API}/containment/csv?${new URLSearchParams(q)}`)
      .set('x-auth-token', m.operator.token);
    expect(csv.text.split('\r\n')).toHaveLength(1 + beyond + 1);
    // one run fewer fits
    await t().dataSource.query('DELETE FROM run WHERE account_id = $1 AND station = $2 AND run_no = 101', [
      m.manager.accountId,
      'LAB-BULK',
    ]);
    expect(await query(q)).toMatchObject({ runCount: beyond - 1, truncated: false });
  });

  it('refuses a query without a criterion, a bad range or bad values, and other accounts’ ids', async () => {
    const range = 'from=2026-03-01&to=2026-03-05';
    await expectRefusals([
      [() => as(m.operator).get(`/containment?${range}`), 400, ORIGIN_MSG.oneCriterion],
      [() => as(m.operator).get(`/containment/csv?${range}`), 400, ORIGIN_MSG.oneCriterion],
      [
        () => as(m.operator).get(`/containment?station=LAB-1&from=2026-03-05&to=2026-03-01`),
        400,
        ORIGIN_MSG.fromAfterTo,
      ],
      [
        () => as(m.operator).get(`/containment?station=LAB-1&from=2024-02-29&to=2026-03-01`),
        400,
        ORIGIN_MSG.rangeTooLong,
      ],
      [() => as(m.operator).get('/containment?station=LAB-1&from=2026-03-01'), 400, `to: ${ORIGIN_MSG.day}`],
      [
        () => as(m.operator).get(`/containment?station=LAB-1&from=2026-02-30&to=2026-03-01`),
        400,
        `from: ${ORIGIN_MSG.day}`,
      ],
      [() => as(m.operator).get(`/containment?instrument_id=x&${range}`), 400, 'instrument_id: Invalid id'],
      [() => as(m.operator).get(`/containment?calibration_id=0&${range}`), 400, 'calibration_id: Invalid id'],
      [() => as(m.operator).get(`/containment?station=&${range}`), 400, `station: ${STATION_MSG.name}`],
      [
        () => as(m.operator).get(`/containment?operator=%20Olga&${range}`),
        400,
        `operator: ${STATION_MSG.operator}`,
      ],
      [
        () => as(m.operator).get(`/containment?instrument_id=${ids.theirs}&${range}`),
        404,
        'Instrument not found',
      ],
      [
        () => as(m.operator).get(`/containment?calibration_id=${ids.theirCal}&${range}`),
        404,
        'Calibration not found',
      ],
      [() => as(m.stranger).get(`/containment?instrument_id=${ids.a}&${range}`), 404, 'Instrument not found'],
    ]);
    // the longest range there is answers
    expect(await units({ station: 'LAB-1', from: '2024-03-02', to: '2026-03-02' })).toEqual([
      ['U2', ['u2d2']],
      ['U1', ['u1d1']],
    ]);
    // their runs on stations and by operators of the same names are theirs alone
    expect(await units({ station: 'LAB-1' }, m.stranger)).toEqual([['X1', [undefined]]]);
    expect(await units({ operator: 'Olga' }, m.stranger)).toEqual([['X1', [undefined]]]);
  });

  it('sends units of two products back to a stage for retest, with their history and the audit trail', async () => {
    await ok(
      as(m.operator).post('/sn_stage_history', {
        product_id: filter.product.id,
        sn_array: ['U1', 'U2'],
        stage_no: 20,
      }),
    );
    const moved = await ok<RetestAnswer>(retest({ sn_ids: [sn.U1, sn.U2, sn.U5, sn.U1], stage_no: 10 }));
    expect(moved).toEqual({ moved: 3 });
    for (const [productId, serial] of [
      [filter.product.id, 'U1'],
      [filter.product.id, 'U2'],
      [duplexer.product.id, 'U5'],
    ] as const) {
      const state = await stageOf(productId, serial);
      expect([serial, state.stageNo, state.entries[0]!.reason, state.entries[0]!.createdByName]).toEqual([
        serial,
        10,
        'jump',
        'Erin Editor',
      ]);
    }
    const trail = (await t().dataSource.query(
      `SELECT user_name, thing, thing_id, product_id, action, changes FROM audit_event
        WHERE account_id = $1 AND thing = 'stage_jump' ORDER BY id DESC LIMIT 2`,
      [m.manager.accountId],
    )) as { thing_id: string; product_id: number; user_name: string; changes: unknown }[];
    expect(trail.map((row) => [row.thing_id, row.product_id, row.user_name, row.changes]).reverse()).toEqual([
      [
        'U1, U2',
        filter.product.id,
        'Erin Editor',
        [
          { field: 'U1', from: 20, to: 10 },
          { field: 'U2', from: 20, to: 10 },
        ],
      ],
      ['U5', duplexer.product.id, 'Erin Editor', [{ field: 'U5', from: 10, to: 10 }]],
    ]);
    // the containment answer shows the status now
    expect(
      (await query({ calibration_id: ids.cal1, from: '2026-03-01', to: '2026-03-05' })).units.map(
        (u) => u.stageNo,
      ),
    ).toEqual([10, 10]);
  });

  it('refuses a retest whole: a bad stage, another account’s unit, bad input, an operator', async () => {
    const theirUnit = (
      (await t().dataSource.query('SELECT id FROM serial_number WHERE account_id = $1 LIMIT 1', [
        m.stranger.accountId,
      ])) as { id: number }[]
    )[0]!.id;
    const before = await history();
    await expectRefusals([
      // Filter has stage 20, Duplexer has not: U1 is not moved either
      [
        () => retest({ sn_ids: [sn.U1, sn.U5], stage_no: 20 }),
        400,
        'stage_no: Product Duplexer has no stage 20',
      ],
      [() => retest({ sn_ids: [sn.U1, theirUnit], stage_no: 10 }), 404, 'Serial number not found'],
      [() => retest({ sn_ids: [sn.U1, 2_000_000_000], stage_no: 10 }), 404, 'Serial number not found'],
      [() => retest({ sn_ids: [], stage_no: 10 }), 400, `sn_ids: ${ORIGIN_MSG.retestUnits}`],
      [
        () =>
          retest({
            sn_ids: Array.from({ length: ORIGIN_LIMITS.retestUnits + 1 }, (_, i) => i + 1),
            stage_no: 10,
          }),
        400,
        `sn_ids: ${ORIGIN_MSG.retestUnits}`,
      ],
      [() => retest({ sn_ids: 'U1', stage_no: 10 }), 400, `sn_ids: ${ORIGIN_MSG.retestUnits}`],
      [() => retest({ sn_ids: [sn.U1, 'U2'], stage_no: 10 }), 400, 'sn_ids: Invalid id'],
      [() => retest({ sn_ids: [sn.U1], stage_no: 100 }), 400, 'stage_no must not be greater than 99'],
      [() => retest({ sn_ids: [sn.U1], stage_no: '10' }), 400, 'stage_no must be an integer number'],
      [
        () => retest({ sn_ids: [sn.U1], stage_no: 10, reason: 'x' }),
        400,
        'reason: property reason should not exist',
      ],
      [
        () => retest({ sn_ids: [sn.U1], stage_no: 10 }, m.operator),
        403,
        expect.stringMatching(/^Your role may not do this/),
      ],
      [() => retest({ sn_ids: [sn.U1], stage_no: 10 }, m.stranger), 404, 'Serial number not found'],
    ]);
    expect(await history()).toEqual(before);
    // a manager may
    expect(await ok<RetestAnswer>(retest({ sn_ids: [sn.U4], stage_no: 20 }, m.manager))).toEqual({
      moved: 1,
    });
  });
});
