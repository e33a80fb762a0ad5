/**
 * What measured a unit, end to end (issue 40): `sweepline run` on the ENA simulator records the
 * station, its version, the analyzer as it answers *IDN? and the calibration of each step;
 * `sweepline trace` then finds exactly those units; an instrument overdue for calibration is
 * refused before it measures, and measures, marked, when the account allows it. The real program
 * in child processes against the built API on the embedded PostgreSQL.
 */
import { instrumentName, localDay, ORIGIN_MSG } from '@sweepline/domain';
import { SIM_INSTRUMENTS } from '@sweepline/instruments';
import { makeProduct, UNATTENDED_TEST } from './testing/lab-tests';
import { LabPc } from './testing/lab-pc';
import { TestApi } from './testing/test-api';
import { version } from '../../package.json';

jest.setTimeout(240_000);

const STATION = 'Line 2 / Bench 7';
const ENA = SIM_INSTRUMENTS.ena;

let api: TestApi;
let lab: LabPc;

const sweepline = (args: string[]) => lab.sweepline(args, lab.env(api, { SWEEPLINE_STATION: STATION })).done;
const today = () => localDay(Date.now(), 0);

beforeAll(async () => {
  api = await TestApi.start();
  lab = await LabPc.start('trace');
  await makeProduct(api, 'P-TR', UNATTENDED_TEST, ['TR-001', 'TR-002', 'TR-003', 'TR-004']);
  await makeProduct(api, 'P-OTHER', UNATTENDED_TEST, ['OT-001']);
});

afterAll(async () => {
  await lab?.stop();
  await api?.stop();
});

describe('a run says what measured it', () => {
  it('records the station, the version, the analyzer and the calibration of each step', async () => {
    for (const sn of ['TR-001', 'TR-002']) {
      const result = await sweepline(['run', '--product', 'P-TR', '--sn', sn]);
      expect(result.err).toContain('Uploaded: run 1');
      expect(result.code).toBe(0);
    }
    const runs = await api.sql<{ sn: string; station: string; runner_version: string }>(
      'SELECT sn, station, runner_version FROM run ORDER BY id',
    );
    expect(runs).toEqual([
      { sn: 'TR-001', station: STATION, runner_version: version },
      { sn: 'TR-002', station: STATION, runner_version: version },
    ]);
    const instruments = await api.sql(
      'SELECT role, vendor, model, serial, firmware, resource FROM instrument',
    );
    expect(instruments).toEqual([
      {
        role: 'network_analyzer',
        vendor: ENA.vendor,
        model: ENA.model,
        serial: ENA.serial,
        firmware: ENA.firmware,
        resource: lab.ena.resource,
      },
    ]);
    // Heading, IL max, RL: the two measured rows with the one calibration; each runner made its own
    const calibrations = await api.sql<{ step_indices: number[]; kind: string; ports: string }>(
      `SELECT ARRAY(SELECT jsonb_array_elements_text(s.calibration_steps -> (k.n::int - 1))::int) AS step_indices,
              c.kind, c.ports
         FROM run r JOIN run_origin_set s ON s.account_id = r.account_id AND s.id = r.origin_set_id
        CROSS JOIN LATERAL unnest(s.calibration_ids) WITH ORDINALITY AS k(id, n)
         JOIN calibration_record c ON c.id = k.id ORDER BY r.id`,
    );
    expect(calibrations).toEqual([
      { step_indices: [1, 2], kind: 'mechanical', ports: '1-2' },
      { step_indices: [1, 2], kind: 'mechanical', ports: '1-2' },
    ]);
  });
});

describe('sweepline trace', () => {
  it('finds exactly the units the analyzer measured, by its serial number', async () => {
    const other = await sweepline(['run', '--product', 'P-OTHER', '--sn', 'OT-001']);
    expect(other.code).toBe(0);
    await api.sql(`UPDATE run SET station = 'Elsewhere' WHERE sn = 'OT-001'`);
    const range = ['--from', today(), '--to', today()];
    const json = await sweepline([
      'trace',
      '--instrument',
      ENA.serial.toLowerCase(),
      '--station',
      STATION,
      ...range,
      '--json',
    ]);
    expect(json.code).toBe(0);
    const answer = JSON.parse(json.out) as { units: { sn: string; runs: unknown[] }[]; runCount: number };
    expect(answer.units.map((u) => u.sn).sort()).toEqual(['TR-001', 'TR-002']);
    expect(answer.runCount).toBe(2);

    const table = await sweepline(['trace', '--instrument', ENA.serial, ...range]);
    expect(table.err).toContain(
      `Measured by ${instrumentName(ENA)}, ${today()} to ${today()} (UTC): 3 units, 3 runs`,
    );
    expect(table.out).toMatch(/^SN\s+PRODUCT\s+STATUS NOW\s+RUN\s+TEST/);
    expect(table.out).toMatch(/^TR-001\s+P-TR\s+finished\s+1\s+/m);

    const csv = await sweepline(['trace', '--station', STATION, ...range, '--csv']);
    expect(csv.out.split('\n')[0]).toContain('serial number,product,status now');
    expect(csv.out).toContain('TR-002');
    expect(csv.out).not.toContain('OT-001');
  });

  it('says what is wrong with its arguments, and with a serial number it does not know', async () => {
    const none = await sweepline(['trace', '--from', today(), '--to', today()]);
    expect(none.code).toBe(2);
    expect(none.err).toContain(ORIGIN_MSG.oneCriterion);
    const unknown = await sweepline(['trace', '--instrument', 'XX000', '--from', today(), '--to', today()]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("No instrument of this account has the serial number 'XX000'");
  });
});

describe('calibration due', () => {
  async function certificate(dueOn: string): Promise<void> {
    await api.sql(
      `INSERT INTO instrument_certificate (account_id, instrument_id, number, laboratory, calibrated_on, due_on, file_name, pdf, recorded_by_name)
       SELECT account_id, id, 'C-1', 'Lab', DATE '2025-01-01', $1::date, 'c.pdf', '\\x255044462d'::bytea, 'Manager' FROM instrument`,
      [dueOn],
    );
  }

  it('refuses to measure with an overdue analyzer, saying which and how to clear it (exit 5)', async () => {
    await certificate('2026-01-31');
    const refused = await sweepline(['run', '--product', 'P-TR', '--sn', 'TR-003']);
    expect(refused.err).toContain(ORIGIN_MSG.overdue(instrumentName(ENA), '2026-01-31'));
    expect(refused.code).toBe(5);
    expect(await api.sql(`SELECT id FROM run WHERE sn = 'TR-003'`)).toEqual([]);
  });

  it('measures with it, warning, when the account allows it; the service marks the run', async () => {
    await api.sql('UPDATE account SET allow_overdue_instruments = true');
    const allowed = await sweepline(['run', '--product', 'P-TR', '--sn', 'TR-003']);
    expect(allowed.err).toContain(`${instrumentName(ENA)} is overdue for calibration (due on 2026-01-31)`);
    expect(allowed.code).toBe(0);
    expect(await api.sql(`SELECT measured_overdue FROM run WHERE sn = 'TR-003'`)).toEqual([
      { measured_overdue: true },
    ]);
  });

  it('warns of an analyzer due within 30 days, and measures', async () => {
    await api.sql('DELETE FROM instrument_certificate');
    const dueOn = localDay(Date.now() + 10 * 86_400_000, 0);
    await certificate(dueOn);
    const due = await sweepline(['run', '--product', 'P-TR', '--sn', 'TR-004']);
    expect(due.err).toContain(`${instrumentName(ENA)} is due for calibration on ${dueOn}, in `);
    expect(due.code).toBe(0);
  });
});
