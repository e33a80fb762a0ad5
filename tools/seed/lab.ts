/**
 * The lab that measured the seeded runs (issue 40, docs/seed.md "The lab that measured them"):
 * three lab PCs with the simulators' instruments (the identities they answer to *IDN?, so a unit
 * the tour measures on the simulators joins their history), the instruments' certificates, and
 * the plan's temp tables that give each run its station (runs-sql.ts) and, once the runs are in,
 * its instruments and calibration (lab-sql.ts), in a few set-based statements.
 */
import { getAction, InstrumentId } from '@sweepline/domain';
import type { SimIdentity } from '@sweepline/instruments';
import { SIM_INSTRUMENTS } from '@sweepline/instruments';
import type { Client } from 'pg';
import { certificatePdf } from './certificate-pdf';
import {
  CALIBRATIONS_SQL,
  CERTIFICATE_PERIODS_SQL,
  INSERT_CALIBRATIONS_SQL,
  INSTRUMENTS_USED_SQL,
  RUN_CALIBRATIONS_SQL,
  RUN_INSTRUMENTS_SQL,
  RUN_ORIGIN_SETS_SQL,
} from './lab-sql';
import type { Template } from './results';
import type { BuiltProduct } from './tests';
import { calibrationOf } from './tests';

type Family = keyof typeof SIM_INSTRUMENTS;

export interface LabStation {
  name: string;
  /** Its network analyzer, and its PIM analyzer if it has one. */
  analyzer: Family;
  pim?: Family;
  /** The ECal module its runs calibrate with; none: a mechanical kit. */
  ecalSerial?: string;
  /** Its runs stop at this time (its analyzer went overdue); undefined: measuring still. */
  retiredAt?: Date;
}

export interface LabCertificate {
  number: string;
  laboratory: string;
  /** 'YYYY-MM-DD'. */
  calibratedOn: string;
  dueOn: string;
}

export interface LabInstrument {
  family: Family;
  identity: SimIdentity;
  resource: string;
  certificates: LabCertificate[];
}

export interface Lab {
  stations: LabStation[];
  instruments: LabInstrument[];
}

/** The runner version the seeded runs name. */
export const SEED_RUNNER_VERSION = '0.1.0';

const DAY = 86_400_000;
const LABORATORY = 'Nordic RF Calibration AB (ISO/IEC 17025)';

/**
 * Each instrument's newest certificate, in days from today: [calibrated, due]. The PNA is due
 * within 30 days; the ZNB is overdue, on LAB-PC-03, which no runner uses since (the tour uses the
 * ENA and the PIM analyzer, both valid, so its runs are accepted).
 */
const CURRENT: Record<Family, [number, number]> = {
  ena: [-60, 305],
  pim: [-100, 265],
  pna: [-345, 20],
  znb: [-375, -10],
};

/** The lab on the seed's day (`today`: its UTC midnight). */
export function labOf(today: Date): Lab {
  const day = (days: number) => new Date(today.getTime() + days * DAY).toISOString().slice(0, 10);
  const instruments = (Object.keys(CURRENT) as Family[]).map((family, i): LabInstrument => {
    const [calibrated, due] = CURRENT[family];
    const identity = SIM_INSTRUMENTS[family];
    const certificate = (calibratedOn: number, dueOn: number, n: number) => ({
      number: `NRC-${identity.serial.slice(-6)}-${n}`,
      laboratory: LABORATORY,
      calibratedOn: day(calibratedOn),
      dueOn: day(dueOn),
    });
    return {
      family,
      identity,
      resource: `TCPIP0::10.20.0.${21 + i}::5025::SOCKET`,
      // the one before was in force until the newest replaced it, two days before its due date
      certificates: [certificate(calibrated - 365, calibrated + 2, 1), certificate(calibrated, due, 2)],
    };
  });
  return {
    stations: [
      { name: 'LAB-PC-01', analyzer: 'ena', pim: 'pim', ecalSerial: 'MY41100257' },
      { name: 'LAB-PC-02', analyzer: 'pna' },
      // measuring until the ZNB went overdue: the day after its due date
      {
        name: 'LAB-PC-03',
        analyzer: 'znb',
        retiredAt: new Date(today.getTime() + (CURRENT.znb[1] + 1) * DAY),
      },
    ],
    instruments,
  };
}

/** When the lab's one retired station stopped measuring ('infinity' if none did): runs-sql.ts RUNS_SQL. */
export function retirementOf(lab: Lab): string {
  const retired = lab.stations.filter((s) => s.retiredAt !== undefined);
  if (retired.length > 1) throw new Error('The seed plans runs around one retired station at most');
  return retired[0]?.retiredAt!.toISOString() ?? 'infinity';
}

async function table(db: Client, name: string, columns: string, rows: readonly object[]): Promise<void> {
  await db.query(
    `CREATE TEMP TABLE ${name} ON COMMIT DROP AS
    SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(${columns})`,
    [JSON.stringify(rows)],
  );
}

const usesInstrument = (steps: BuiltProduct['tests'][number]['steps'], id: InstrumentId) =>
  steps.some((s) => getAction(s.actionId).instrumentId === id);

/**
 * The plan's lab tables: seed_station, seed_lab_test (which instruments a test uses, the stations
 * that may measure it before and after the retirement, its calibration's ports and range) and
 * seed_na_rows (the rows of each result variant measured with the network analyzer).
 */
export async function labTables(
  db: Client,
  lab: Lab,
  products: readonly BuiltProduct[],
  templates: ReadonlyMap<number, Template[]>,
): Promise<void> {
  await table(
    db,
    'seed_station',
    'idx int, name text, ecal text',
    lab.stations.map((s, idx) => ({ idx, name: s.name, ecal: s.ecalSerial ?? null })),
  );
  await table(
    db,
    'seed_lab_test',
    `seq_id int, uses_na boolean, uses_pim boolean, stations int[], late_stations int[], cal_ports text,
     cal_start float8, cal_stop float8`,
    products.flatMap((p) =>
      p.tests.map((test) => {
        const cal = calibrationOf(test.spec);
        const usesPim = usesInstrument(test.steps, InstrumentId.PimAnalyzer);
        // a PIM test needs a station with a PIM analyzer
        const stations = lab.stations.flatMap((s, idx) => (usesPim && !s.pim ? [] : [{ s, idx }]));
        const late = stations.filter(({ s }) => !s.retiredAt);
        if (late.length === 0) throw new Error(`No station of the lab measures test ${test.id} to the end`);
        return {
          seq_id: test.id,
          uses_na: usesInstrument(test.steps, InstrumentId.NetworkAnalyzer),
          uses_pim: usesPim,
          stations: stations.map(({ idx }) => idx),
          late_stations: late.map(({ idx }) => idx),
          cal_ports: cal.ports,
          cal_start: cal.startFreq_MHz ?? 100,
          cal_stop: cal.stopFreq_MHz ?? 6000,
        };
      }),
    ),
  );
  await table(
    db,
    'seed_na_rows',
    'seq_id int, result smallint, variant int, na_rows int[]',
    [...templates].flatMap(([seqId, list]) =>
      list.map((t) => ({ seq_id: seqId, result: t.result, variant: t.variant, na_rows: t.naRows })),
    ),
  );
}

/** The lab's instruments and their certificates (recorded by the manager); returns their ids by family. */
async function insertInstruments(
  db: Client,
  accountId: number,
  lab: Lab,
  manager: { id: number; name: string },
): Promise<Map<Family, number>> {
  const { rows } = await db.query<{ id: number; serial: string }>(
    `INSERT INTO instrument (account_id, role, vendor, model, serial, firmware, resource, created_at)
     SELECT $1, x.role, x.vendor, x.model, x.serial, x.firmware, x.resource, x.created_at
       FROM jsonb_to_recordset($2::jsonb)
         AS x(role text, vendor text, model text, serial text, firmware text, resource text, created_at timestamptz)
     RETURNING id, serial`,
    [
      accountId,
      JSON.stringify(
        lab.instruments.map((i) => ({
          ...i.identity,
          resource: i.resource,
          created_at: `${i.certificates[0]!.calibratedOn}T09:00:00Z`,
        })),
      ),
    ],
  );
  const ids = new Map(
    lab.instruments.map((i) => [i.family, rows.find((r) => r.serial === i.identity.serial)!.id] as const),
  );
  const certificates = lab.instruments.flatMap((i) =>
    i.certificates.map((c) => ({
      instrument_id: ids.get(i.family)!,
      ...c,
      file_name: `${c.number}.pdf`,
      pdf: certificatePdf(i.identity, c).toString('base64'),
    })),
  );
  await db.query(
    `INSERT INTO instrument_certificate (account_id, instrument_id, number, laboratory, calibrated_on, due_on,
                                         file_name, pdf, recorded_by_id, recorded_by_name, recorded_at)
     SELECT $1, x.instrument_id, x.number, x.laboratory, x."calibratedOn", x."dueOn", x.file_name,
            decode(x.pdf, 'base64'), $3, $4, x."calibratedOn" + interval '3 days 9 hours'
       FROM jsonb_to_recordset($2::jsonb) AS x(instrument_id int, number text, laboratory text,
            "calibratedOn" date, "dueOn" date, file_name text, pdf text)`,
    [accountId, JSON.stringify(certificates), manager.id, manager.name],
  );
  return ids;
}

export interface LabCounts {
  instruments: number;
  calibrations: number;
}

/**
 * After the runs: the instruments, the calibrations (one per station, test, day and shift, made
 * by the shift's operator a quarter of an hour before its first run), each run's instruments with
 * their state at its start, its calibration with the rows it measured, and each instrument's last
 * station and use. `reserve` takes ids from a table's sequence (runs.ts).
 */
export async function insertLabRuns(
  db: Client,
  o: {
    accountId: number;
    runBase: number;
    lab: Lab;
    manager: { id: number; name: string };
    reserve: (table: string, count: number) => Promise<number>;
  },
): Promise<LabCounts> {
  const ids = await insertInstruments(db, o.accountId, o.lab, o.manager);
  await table(
    db,
    'seed_lab_instrument',
    'station_idx int, role text, instrument_id int',
    o.lab.stations.flatMap((s, idx) => [
      { station_idx: idx, role: 'network_analyzer', instrument_id: ids.get(s.analyzer) },
      ...(s.pim ? [{ station_idx: idx, role: 'pim_analyzer', instrument_id: ids.get(s.pim) }] : []),
    ]),
  );
  await db.query(CALIBRATIONS_SQL);
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM seed_cal');
  const calibrations = rows[0]!.n;
  const calBase = await o.reserve('calibration_record', calibrations);
  await db.query(INSERT_CALIBRATIONS_SQL, [o.accountId, calBase]);
  await db.query(CERTIFICATE_PERIODS_SQL, [o.accountId]);
  await db.query(RUN_INSTRUMENTS_SQL, [o.runBase]);
  await db.query(RUN_CALIBRATIONS_SQL, [o.runBase, calBase]);
  for (const [n, statement] of RUN_ORIGIN_SETS_SQL.entries())
    await db.query(statement, n === 0 ? [] : [o.accountId]);
  await db.query(INSTRUMENTS_USED_SQL, [o.accountId]);
  return { instruments: ids.size, calibrations };
}
