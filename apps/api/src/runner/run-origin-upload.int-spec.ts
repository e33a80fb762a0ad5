import type { RunUpload, RunUploadAnswer } from '@sweepline/domain';
import { ORIGIN_MSG, Role } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { calibrationStateSql } from '../instruments/certificate-in-force.sql';
import { editorApi, ok } from '../editor/testing/editor-api';
import {
  addCertificate,
  ANALYZER,
  instrumentId,
  originRows,
  PIM,
  wholeCalibration,
} from './testing/origin-fixtures';
import type { LineTest } from './testing/runner-fixtures';
import { addSerialNumbers, productWithTests, runOf, runRows } from './testing/runner-fixtures';

const OVERDUE =
  'Keysight Technologies E5071C, serial number MY46100001 was overdue for calibration (due on 2025-06-30). ' +
  'Record its new certificate on the Instruments screen, or a manager may allow measuring with overdue instruments in Settings.';

describeEachDatabase('what measured a run, recorded at upload (docs/traceability.md)', (t) => {
  let manager: Member;
  let operator: Member;
  let test: LineTest;
  const api = () => editorApi(t, operator);
  const upload = (run: RunUpload) => ok<RunUploadAnswer>(api().post('/runner/runs', run));
  /** A run of U-n at `start`, which lasts a minute. */
  const runAt = (sn: string, start: string, over: Partial<RunUpload> = {}) =>
    runOf(test, sn, {
      start_time: start,
      end_time: new Date(Date.parse(start) + 60_000).toISOString(),
      ...over,
    });
  const instrumentRow = (serial: string) =>
    t()
      .dataSource.query(
        `SELECT role, firmware, resource, last_station, last_used_at FROM instrument
          WHERE account_id = $1 AND serial = $2`,
        [manager.accountId, serial],
      )
      .then((rows: object[]) => rows);
  /** The run's instruments from its origin set, with their state at the run as the report derives it. */
  const runInstruments = (runId: number) =>
    t().dataSource.query(
      `SELECT i.serial, x.role, ${calibrationStateSql('x.due_on', `(r.start_time AT TIME ZONE 'UTC')::date`)} AS state_at_run,
              to_char(x.due_on, 'YYYY-MM-DD') AS due_on
         FROM run r JOIN run_origin_set s ON s.account_id = r.account_id AND s.id = r.origin_set_id
        CROSS JOIN LATERAL unnest(s.instrument_ids, s.instrument_roles, s.instrument_due_ons) AS x(id, role, due_on)
         JOIN instrument i ON i.id = x.id WHERE r.id = $1 ORDER BY i.serial`,
      [runId],
    );
  const runCalibrations = (runId: number) =>
    t().dataSource.query(
      `SELECT c.client_key AS key, ARRAY(SELECT jsonb_array_elements_text(s.calibration_steps -> (x.n::int - 1))::int)
              AS step_indices
         FROM run r JOIN run_origin_set s ON s.account_id = r.account_id AND s.id = r.origin_set_id
        CROSS JOIN LATERAL unnest(s.calibration_ids) WITH ORDINALITY AS x(id, n)
         JOIN calibration_record c ON c.id = x.id WHERE r.id = $1 ORDER BY c.client_key`,
      [runId],
    );
  const runColumns = (runId: number) =>
    t()
      .dataSource.query('SELECT station, runner_version, measured_overdue FROM run WHERE id = $1', [runId])
      .then((rows: object[]) => rows[0]);
  async function expectRefused(run: RunUpload, status: number, msg: string) {
    const before = [await runRows(t, manager.accountId!), await originRows(t(), manager.accountId!)];
    const res = await api().post('/runner/runs', run);
    expect([res.status, res.body]).toEqual([status, { status: 0, msg, data: null }]);
    expect([await runRows(t, manager.accountId!), await originRows(t(), manager.accountId!)]).toEqual(before);
  }

  beforeAll(async () => {
    manager = await createManager(t());
    operator = await createMember(t(), manager.accountId, Role.Operator, 'Olive Operator');
    // two tests at stage 1: runs of the first alone never move a serial number on
    const line = await productWithTests(editorApi(t, manager), 'Filter', [1, 1]);
    test = line.tests[0]!;
    const sns = Array.from({ length: 6 }, (_, i) => `U-${i + 1}`);
    await addSerialNumbers(api(), line.product.id, sns);
  });

  it('stores a run without origin fields as before: nothing recorded', async () => {
    const answer = await upload(runAt('U-1', '2025-03-01T08:00:00Z'));
    expect(await runColumns(answer.run_id)).toEqual({
      station: null,
      runner_version: null,
      measured_overdue: false,
    });
    expect(await runInstruments(answer.run_id)).toEqual([]);
  });

  it('registers an instrument at its first run and keeps the newest firmware and station of later ones', async () => {
    const first = await upload(
      runAt('U-2', '2025-03-02T08:00:00Z', {
        station: 'LAB-PC-1',
        runner_version: '0.9.0',
        instruments: [ANALYZER],
      }),
    );
    expect(await runColumns(first.run_id)).toEqual({
      station: 'LAB-PC-1',
      runner_version: '0.9.0',
      measured_overdue: false,
    });
    expect(await runInstruments(first.run_id)).toEqual([
      { serial: ANALYZER.serial, role: 'network_analyzer', state_at_run: 'unknown', due_on: null },
    ]);
    expect(await instrumentRow(ANALYZER.serial)).toEqual([
      {
        role: 'network_analyzer',
        firmware: 'B.13.10',
        resource: ANALYZER.resource,
        last_station: 'LAB-PC-1',
        last_used_at: new Date('2025-03-02T08:00:00Z'),
      },
    ]);
    // a later run updates it, without its resource (kept), on another station
    const later = { ...ANALYZER, firmware: 'B.13.20', resource: undefined };
    await upload(runAt('U-2', '2025-03-03T08:00:00Z', { station: 'LAB-PC-2', instruments: [later, PIM] }));
    // a run from the offline queue, older than both, only fills what is missing
    await upload(
      runAt('U-2', '2025-03-01T09:00:00Z', {
        station: 'OLD-PC',
        instruments: [{ ...ANALYZER, firmware: 'A.01' }],
      }),
    );
    expect(await instrumentRow(ANALYZER.serial)).toEqual([
      {
        role: 'network_analyzer',
        firmware: 'B.13.20',
        resource: ANALYZER.resource,
        last_station: 'LAB-PC-2',
        last_used_at: new Date('2025-03-03T08:00:00Z'),
      },
    ]);
    expect(await instrumentRow(PIM.serial)).toMatchObject([{ role: 'pim_analyzer', firmware: null }]);
  });

  it('writes a known instrument only when the run changes it or moves its last use past a minute', async () => {
    const analyzer = { ...ANALYZER, serial: 'MY46100077' };
    // its row's version (xmin) and lock (xmax): an upload that only reads it changes neither
    const row = () =>
      t()
        .dataSource.query(
          `SELECT xmin::text AS xmin, xmax::text AS xmax, firmware, last_station, last_used_at FROM instrument
            WHERE account_id = $1 AND serial = $2`,
          [manager.accountId, analyzer.serial],
        )
        .then((rows: { xmin: string }[]) => rows[0]!);
    const use = (start: string, over: Partial<RunUpload> = {}) =>
      upload(runAt('U-6', start, { station: 'LAB-PC-7', instruments: [analyzer], ...over }));
    await use('2025-04-01T08:00:00Z');
    const registered = await row();
    expect(registered).toMatchObject({ xmax: '0', last_used_at: new Date('2025-04-01T08:00:00Z') });
    // the same station and firmware within the minute: the run names it, its row is not written
    const within = await use('2025-04-01T08:00:59Z', {
      instruments: [{ ...analyzer, firmware: undefined }],
    });
    expect(await row()).toEqual(registered);
    expect(await runInstruments(within.run_id)).toEqual([
      { serial: analyzer.serial, role: 'network_analyzer', state_at_run: 'unknown', due_on: null },
    ]);
    // a minute after its last use: the use moves
    await use('2025-04-01T08:01:00Z');
    const moved = await row();
    expect(moved).toMatchObject({ last_station: 'LAB-PC-7', last_used_at: new Date('2025-04-01T08:01:00Z') });
    expect(moved.xmin).not.toBe(registered.xmin);
    // within the minute, a changed station or firmware is written at once
    await use('2025-04-01T08:01:10Z', { station: 'LAB-PC-8' });
    expect(await row()).toMatchObject({
      last_station: 'LAB-PC-8',
      last_used_at: new Date('2025-04-01T08:01:10Z'),
    });
    await use('2025-04-01T08:01:20Z', {
      station: 'LAB-PC-8',
      instruments: [{ ...analyzer, firmware: 'B.14' }],
    });
    const changed = await row();
    expect(changed).toMatchObject({ firmware: 'B.14', last_used_at: new Date('2025-04-01T08:01:20Z') });
    // a run from the offline queue, older, with everything kept already: not written
    await use('2025-03-30T08:00:00Z', { station: 'OLD-PC' });
    expect(await row()).toEqual(changed);
  });

  it('records the calibration of each step, reuses a known key and refuses an unknown one', async () => {
    const ecal = wholeCalibration('cal-ecal-1', [2], {
      kind: 'ecal',
      ecal_serial: 'N4691-60004 MY1234',
      ports: '1',
    });
    const first = await upload(
      runAt('U-3', '2025-03-04T08:00:00Z', {
        instruments: [ANALYZER, PIM],
        calibrations: [wholeCalibration('cal-mech-1', [1]), ecal],
      }),
    );
    expect(await runCalibrations(first.run_id)).toEqual([
      { key: 'cal-ecal-1', step_indices: [2] },
      { key: 'cal-mech-1', step_indices: [1] },
    ]);
    const [record] = await t().dataSource.query(
      `SELECT kind, ecal_serial, ports, start_mhz, stop_mhz, made_by, instrument_id FROM calibration_record
        WHERE account_id = $1 AND client_key = 'cal-ecal-1'`,
      [manager.accountId],
    );
    expect(record).toEqual({
      kind: 'ecal',
      ecal_serial: 'N4691-60004 MY1234',
      ports: '1',
      start_mhz: 600,
      stop_mhz: 2700,
      made_by: 'Olive Operator',
      instrument_id: await instrumentId(t(), manager.accountId!, ANALYZER.serial),
    });
    // named by its key alone, and sent whole again (a retry): the same record
    const again = await upload(
      runAt('U-3', '2025-03-04T09:00:00Z', {
        instruments: [ANALYZER],
        calibrations: [
          { key: 'cal-mech-1', step_indices: [1, 2] },
          { ...ecal, step_indices: [] },
        ],
      }),
    );
    expect(await runCalibrations(again.run_id)).toEqual([
      { key: 'cal-ecal-1', step_indices: [] },
      { key: 'cal-mech-1', step_indices: [1, 2] },
    ]);
    const records = await t().dataSource.query(
      'SELECT count(*)::int AS n FROM calibration_record WHERE account_id = $1',
      [manager.accountId],
    );
    expect(records).toEqual([{ n: 2 }]);
    await expectRefused(
      runAt('U-3', '2025-03-04T10:00:00Z', {
        instruments: [{ ...ANALYZER, serial: 'NEW-1' }],
        calibrations: [
          { key: 'cal-mech-1', step_indices: [1] },
          { key: 'cal-never', step_indices: [2] },
        ],
      }),
      409,
      `calibrations[1].key: ${ORIGIN_MSG.unknownCalibration('cal-never')}`,
    );
    // a known key sent whole from another analyzer
    await expectRefused(
      runAt('U-3', '2025-03-04T10:00:00Z', {
        instruments: [{ ...ANALYZER, serial: 'NEW-2' }],
        calibrations: [wholeCalibration('cal-mech-1', [1])],
      }),
      409,
      `calibrations[0].key: ${ORIGIN_MSG.calibrationElsewhere('cal-mech-1')}`,
    );
  });

  it('refuses a run that names an instrument overdue at its start, unless the account allows it, then marks it', async () => {
    const analyzer = await instrumentId(t(), manager.accountId!, ANALYZER.serial);
    await addCertificate(t(), manager.accountId!, analyzer, '2024-06-30', '2025-06-30');
    await expectRefused(
      runAt('U-4', '2025-07-01T00:30:00Z', { instruments: [PIM, ANALYZER], station: 'LAB-PC-9' }),
      409,
      `instruments[1]: ${OVERDUE}`,
    );
    // measured on the due day (UTC), uploaded late: accepted, due
    const onTime = await upload(runAt('U-4', '2025-06-30T23:50:00Z', { instruments: [ANALYZER] }));
    expect(await runInstruments(onTime.run_id)).toEqual([
      { serial: ANALYZER.serial, role: 'network_analyzer', state_at_run: 'due', due_on: '2025-06-30' },
    ]);
    expect(await runColumns(onTime.run_id)).toMatchObject({ measured_overdue: false });
    await ok(editorApi(t, manager).put('/user/instrument_settings', { allowOverdue: true }));
    const allowed = await upload(runAt('U-4', '2025-07-01T00:30:00Z', { instruments: [PIM, ANALYZER] }));
    expect(await runColumns(allowed.run_id)).toMatchObject({ measured_overdue: true });
    expect(await runInstruments(allowed.run_id)).toEqual([
      { serial: ANALYZER.serial, role: 'network_analyzer', state_at_run: 'overdue', due_on: '2025-06-30' },
      { serial: PIM.serial, role: 'pim_analyzer', state_at_run: 'unknown', due_on: null },
    ]);
    await ok(editorApi(t, manager).put('/user/instrument_settings', { allowOverdue: false }));
    // a new certificate clears the runs after its calibration, not those before it
    await addCertificate(t(), manager.accountId!, analyzer, '2025-07-10', '2026-07-10');
    const valid = await upload(runAt('U-4', '2025-07-11T08:00:00Z', { instruments: [ANALYZER] }));
    expect(await runInstruments(valid.run_id)).toMatchObject([
      { state_at_run: 'valid', due_on: '2026-07-10' },
    ]);
    await expectRefused(
      runAt('U-4', '2025-07-05T08:00:00Z', { instruments: [ANALYZER] }),
      409,
      `instruments[0]: ${OVERDUE}`,
    );
  });

  it('refuses each bad origin field with its message, storing nothing', async () => {
    const at = '2025-03-05T08:00:00Z';
    const cases: [Partial<RunUpload> | Record<string, unknown>, string][] = [
      [{ station: ' PC' }, 'station: '],
      [{ runner_version: 'x'.repeat(41) }, `runner_version: ${ORIGIN_MSG.version}`],
      [{ instruments: {} }, `instruments: ${ORIGIN_MSG.instruments}`],
      [{ instruments: Array(9).fill(ANALYZER) }, `instruments: ${ORIGIN_MSG.instruments}`],
      [{ instruments: [{ ...ANALYZER, role: 'scope' }] }, `instruments[0].role: ${ORIGIN_MSG.role}`],
      [{ instruments: [{ ...ANALYZER, serial: '' }] }, `instruments[0].serial: ${ORIGIN_MSG.text}`],
      [{ instruments: [{ ...ANALYZER, colour: 'red' }] }, 'instruments[0].colour: Unknown field'],
      [{ instruments: [ANALYZER, ANALYZER] }, `instruments[1]: ${ORIGIN_MSG.twoInstruments}`],
      [
        { instruments: [ANALYZER], calibrations: [{ key: 'k', step_indices: [1], kind: 'ecal' }] },
        `calibrations[0]: ${ORIGIN_MSG.partial}`,
      ],
      [
        { instruments: [ANALYZER], calibrations: [wholeCalibration('k', [7])] },
        `calibrations[0].step_indices: ${ORIGIN_MSG.noSuchStep(7)}`,
      ],
      [
        { instruments: [ANALYZER], calibrations: [wholeCalibration('k', [1]), wholeCalibration('m', [1])] },
        `calibrations[1].step_indices: ${ORIGIN_MSG.stepTwice(1)}`,
      ],
      [
        {
          instruments: [ANALYZER],
          calibrations: [wholeCalibration('k', [1], { made_at: '2025-03-05T08:00:01Z' })],
        },
        `calibrations[0].made_at: ${ORIGIN_MSG.madeAfterRun}`,
      ],
      [
        { instruments: [PIM], calibrations: [wholeCalibration('k', [1])] },
        `calibrations[0].instrument: ${ORIGIN_MSG.notAnAnalyzer}`,
      ],
      [
        { instruments: [ANALYZER], calibrations: [wholeCalibration('k', [1], { kind: 'ecal' })] },
        `calibrations[0].ecal_serial: ${ORIGIN_MSG.ecalSerial}`,
      ],
      [
        { instruments: [ANALYZER], calibrations: [wholeCalibration('bad key!', [1])] },
        `calibrations[0].key: ${ORIGIN_MSG.key}`,
      ],
    ];
    for (const [over, msg] of cases) {
      const run = runAt('U-5', at, over as Partial<RunUpload>);
      const before = [await runRows(t, manager.accountId!), await originRows(t(), manager.accountId!)];
      const res = await api().post('/runner/runs', run);
      expect([res.status, res.body.status]).toEqual([400, 0]);
      expect(res.body.msg.startsWith(msg)).toBe(true);
      expect([await runRows(t, manager.accountId!), await originRows(t(), manager.accountId!)]).toEqual(
        before,
      );
    }
  });
});
