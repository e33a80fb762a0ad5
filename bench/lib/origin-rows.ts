/**
 * What measured the scale account's runs (issue 40), for the containment query and for uploads
 * that name instruments the account already has: BENCH_STATIONS lab PCs, each with a network
 * analyzer and a PIM analyzer (a certificate each, valid over the whole range), one per uploading
 * client. tools/seed names each run's station, instruments and calibration itself since issue 40;
 * on a database seeded before that, the first PCs run one scale test each, with two calibrations
 * a day on the analyzer, made before the station's first run of that day, and every run names
 * its station, both instruments and both calibrations, as the runner would have sent them.
 * Set-based, in one transaction.
 */
import type { InstrumentUse } from '@sweepline/domain';
import { Client } from 'pg';
import { RUN_ORIGIN_SETS_SQL, SCALE_IDENTITY } from '@sweepline/tools';

export interface BenchStation {
  name: string;
  /** Its network analyzer, then its PIM analyzer. */
  instruments: [InstrumentUse, InstrumentUse];
}

/** Lab PCs with instruments: one per uploading client of the bench (at most 16 at once). */
export const BENCH_STATIONS = 16;

/** The runner version the seeded runs and the bench's uploads report. */
export const BENCH_RUNNER_VERSION = '0.9.0';

/** Lab PC `no` (1-based) and its instruments, as the runner reads them with `*IDN?`. */
export function benchStation(no: number): BenchStation {
  const nn = String(no).padStart(2, '0');
  return {
    name: `Lab PC ${nn}`,
    instruments: [
      {
        role: 'network_analyzer',
        vendor: 'Keysight Technologies',
        model: 'E5071C',
        serial: `MY463010${nn}`,
        firmware: 'A.13.30',
        resource: `TCPIP0::10.0.${no}.20::inst0::INSTR`,
      },
      {
        role: 'pim_analyzer',
        vendor: 'Rosenberger',
        model: 'PiMPro 900',
        serial: `RB1907${nn}`,
        firmware: '2.4.1',
        resource: `TCPIP0::10.0.${no}.21::5025::SOCKET`,
      },
    ],
  };
}

/**
 * The two calibrations of a day, on the network analyzer: channel 1 with an ECal module, channel 2
 * with a mechanical kit. Steps are split between them by index (the heading, index 0, by none).
 */
export const BENCH_CHANNELS = [
  { ch: 1, kind: 'ecal', ecalSerial: 'MY5402', ports: '1-2', startMHz: 600, stopMHz: 1000 },
  { ch: 2, kind: 'mechanical', ecalSerial: null, ports: '1', startMHz: 1700, stopMHz: 2200 },
] as const;

/** The step results (0-based) that channel `ch` measured in a run of `stepCount` results. */
export function channelSteps(ch: 1 | 2, stepCount: number): number[] {
  const half = Math.ceil((stepCount - 1) / 2);
  const [from, to] = ch === 1 ? [1, half] : [half + 1, stepCount - 1];
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

const STATIONS_SQL = `
CREATE TEMP TABLE bench_station ON COMMIT DROP AS
SELECT x.no, x.seq_id, x.name, x.na, x.pim, NULL::int AS na_id, NULL::int AS pim_id
  FROM jsonb_to_recordset($1::jsonb) AS x(no int, seq_id int, name text, na jsonb, pim jsonb)`;

const INSTRUMENTS_SQL = `
INSERT INTO instrument (account_id, role, vendor, model, serial, firmware, resource, created_at)
SELECT $1, i->>'role', i->>'vendor', i->>'model', i->>'serial', i->>'firmware', i->>'resource', $2::timestamptz
  FROM bench_station s, LATERAL (VALUES (s.na), (s.pim)) AS v(i)`;

const STATION_IDS_SQL = `
UPDATE bench_station s
   SET na_id = (SELECT id FROM instrument WHERE account_id = $1 AND serial = s.na->>'serial'),
       pim_id = (SELECT id FROM instrument WHERE account_id = $1 AND serial = s.pim->>'serial')`;

const CERTIFICATES_SQL = `
INSERT INTO instrument_certificate (account_id, instrument_id, number, laboratory, calibrated_on, due_on,
                                    file_name, pdf, recorded_by_name, recorded_at)
SELECT $1, i.id, 'CERT-' || i.serial, 'Keysight Calibration Lab', $2::date, $2::date + 365,
       i.serial || '.pdf', convert_to('%PDF-1.4 bench certificate', 'UTF8'), $3, $2::date
  FROM instrument i JOIN bench_station s ON i.id IN (s.na_id, s.pim_id)
 WHERE i.account_id = $1`;

// the certificates' latest due dates on the instruments' rows, which their trigger keeps (migration
// 1763860200000) but not under session_replication_role = replica: without them every upload of
// the bench read the certificates, as production's uploads do only for a run before the latest one
const LATEST_DUE_SQL = `
SELECT instrument_latest_due_refresh($1, i.id)
  FROM instrument i JOIN bench_station s ON i.id IN (s.na_id, s.pim_id)
 WHERE i.account_id = $1`;

// a station's day: its first run, before which both calibrations of the day were made
const CALIBRATIONS_SQL = `
INSERT INTO calibration_record (account_id, client_key, instrument_id, kind, ecal_serial, ports, start_mhz,
                                stop_mhz, made_at, made_by)
SELECT $1, 'seed-' || s.no || '-' || to_char(d.day, 'YYYYMMDD') || '-ch' || c.ch, s.na_id, c.kind, c.ecal_serial,
       c.ports, c.start_mhz, c.stop_mhz, d.first_run - interval '10 minutes', $3
  FROM (SELECT seq_id, date_trunc('day', start_time) AS day, min(start_time) AS first_run
          FROM run WHERE account_id = $1 GROUP BY 1, 2) AS d
  JOIN bench_station s ON s.seq_id = d.seq_id
  CROSS JOIN jsonb_to_recordset($2::jsonb)
       AS c(ch int, kind text, ecal_serial text, ports text, start_mhz float8, stop_mhz float8)`;

const RUNS_SQL = `
UPDATE run SET station = s.name, runner_version = $2 FROM bench_station s
 WHERE run.account_id = $1 AND run.seq_id = s.seq_id`;

// each run's instruments and calibrations as rows of the seed's temp tables, made sets by RUN_ORIGIN_SETS_SQL
const RUN_INSTRUMENTS_SQL = `
CREATE TEMP TABLE seed_run_instrument ON COMMIT DROP AS
SELECT r.id AS run_id, r.start_time, v.id AS instrument_id, v.role, $2::date + 365 AS due_on
  FROM run r JOIN bench_station s ON s.seq_id = r.seq_id,
       LATERAL (VALUES (s.na_id, 'network_analyzer'), (s.pim_id, 'pim_analyzer')) AS v(id, role)
 WHERE r.account_id = $1`;

// channel 1 takes the first half of the measured steps, channel 2 the rest (channelSteps)
const RUN_CALIBRATIONS_SQL = `
CREATE TEMP TABLE seed_run_calibration ON COMMIT DROP AS
SELECT r.id AS run_id, r.start_time, c.id AS calibration_id, steps.indices AS step_indices
  FROM run r
  JOIN bench_station s ON s.seq_id = r.seq_id
  CROSS JOIN LATERAL (SELECT jsonb_array_length(r.steps) AS n) AS len
  CROSS JOIN LATERAL (VALUES
    (1, ARRAY(SELECT generate_series(1, ceil((len.n - 1) / 2.0)::int))),
    (2, ARRAY(SELECT generate_series(ceil((len.n - 1) / 2.0)::int + 1, len.n - 1)))) AS steps(ch, indices)
  JOIN calibration_record c
    ON c.account_id = r.account_id
   AND c.client_key = 'seed-' || s.no || '-' || to_char(date_trunc('day', r.start_time), 'YYYYMMDD') || '-ch' || steps.ch
 WHERE r.account_id = $1 AND cardinality(steps.indices) > 0`;

const LAST_USE_SQL = `
UPDATE instrument i SET last_station = s.name, last_used_at = u.last
  FROM bench_station s, (SELECT seq_id, max(start_time) AS last FROM run WHERE account_id = $1 GROUP BY 1) AS u
 WHERE i.account_id = $1 AND i.id IN (s.na_id, s.pim_id) AND u.seq_id = s.seq_id`;

async function count(db: Client, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(sql, params);
  return rows[0]!.n;
}

export interface OriginRows {
  stations: number;
  runs: number;
  calibrations: number;
  seconds: number;
}

/** The calibrations of each station's days, and every run's station, instruments and calibrations. */
async function nameWhatMeasured(
  db: Client,
  accountId: number,
  issued: string,
): Promise<{ runs: number; calibrations: number }> {
  const channels = BENCH_CHANNELS.map((c) => ({
    ch: c.ch,
    kind: c.kind,
    ecal_serial: c.ecalSerial,
    ports: c.ports,
    start_mhz: c.startMHz,
    stop_mhz: c.stopMHz,
  }));
  const operator = SCALE_IDENTITY.users[1]!.name;
  const calibrations = (await db.query(CALIBRATIONS_SQL, [accountId, JSON.stringify(channels), operator]))
    .rowCount!;
  const runs = (await db.query(RUNS_SQL, [accountId, BENCH_RUNNER_VERSION])).rowCount!;
  await db.query(RUN_INSTRUMENTS_SQL, [accountId, issued]);
  await db.query(RUN_CALIBRATIONS_SQL, [accountId]);
  for (const [n, statement] of RUN_ORIGIN_SETS_SQL.entries())
    await db.query(statement, n === 0 ? [] : [accountId]);
  await db.query(LAST_USE_SQL, [accountId]);
  return { runs, calibrations };
}

/**
 * Makes the bench's lab PCs unless the scale account has them (undefined then), and, when the
 * seed named no station on the runs (a seed before issue 40's), what measured every run. As a
 * superuser (the bench's server) with run's triggers off for the transaction, as the scale seed
 * inserts its runs: the origin columns feed no roll-up, and the per-row triggers would only slow it.
 */
export async function ensureOriginRows(url: string): Promise<OriginRows | undefined> {
  const started = Date.now();
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM account WHERE name = $1', [
      SCALE_IDENTITY.accountName,
    ]);
    const accountId = rows[0]?.id;
    if (accountId === undefined) throw new Error('The scale account is missing: seed it first');
    const first = benchStation(1).instruments[0];
    const made = 'SELECT count(*)::int AS n FROM instrument WHERE account_id = $1 AND serial = $2';
    if ((await count(db, made, [accountId, first.serial])) > 0) return undefined;
    // tools/seed names the runs' lab itself since issue 40: then the bench adds its PCs only
    const named =
      'SELECT count(*)::int AS n FROM (SELECT 1 FROM run WHERE account_id = $1 AND station IS NOT NULL LIMIT 1) x';
    const seqs =
      (await count(db, named, [accountId])) > 0
        ? []
        : (
            await db.query<{ id: number }>(
              `SELECT id FROM seq WHERE account_id = $1 AND deleted_at IS NULL ORDER BY product_id, stage_no, test_no`,
              [accountId],
            )
          ).rows;
    await db.query('BEGIN');
    await db.query("SET LOCAL TimeZone = 'UTC'");
    await db.query('SET LOCAL session_replication_role = replica');
    const { rows: bounds } = await db.query<{ first: Date }>(
      'SELECT min(start_time) AS first FROM run WHERE account_id = $1',
      [accountId],
    );
    // the certificates were issued a month before the first run and run a year: valid throughout
    const issued = new Date(bounds[0]!.first.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
    const stations = Array.from({ length: Math.max(BENCH_STATIONS, seqs.length) }, (_, i) => ({
      no: i + 1,
      seqId: seqs[i]?.id ?? null,
      ...benchStation(i + 1),
    }));
    await db.query(STATIONS_SQL, [
      JSON.stringify(
        stations.map((s) => ({
          no: s.no,
          seq_id: s.seqId,
          name: s.name,
          na: s.instruments[0],
          pim: s.instruments[1],
        })),
      ),
    ]);
    await db.query(INSTRUMENTS_SQL, [accountId, issued]);
    await db.query(STATION_IDS_SQL, [accountId]);
    await db.query(CERTIFICATES_SQL, [accountId, issued, SCALE_IDENTITY.users[0]!.name]);
    await db.query(LATEST_DUE_SQL, [accountId]);
    const origin =
      seqs.length > 0 ? await nameWhatMeasured(db, accountId, issued) : { runs: 0, calibrations: 0 };
    await db.query('COMMIT');
    // the updated runs leave a dead version each: vacuum, as the seed does, for index-only scans
    if (origin.runs > 0)
      await db.query('VACUUM (ANALYZE) run, instrument, calibration_record, run_origin_set');
    return { stations: stations.length, ...origin, seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await db.end();
  }
}
