/**
 * Instruments, certificates, calibrations and runs that name them, written straight into the
 * tables for the instruments and containment specs (not part of the build: testing/ folders are
 * skipped). The run upload that registers them in production has its own specs.
 */
import type { InstrumentRole } from '@sweepline/domain';
import { Verdict } from '@sweepline/domain';
import type { TestApp } from '../../../test/test-app';
import { originSetId } from '../../runner/testing/origin-fixtures';

/** The smallest file isPdf accepts, and a PDF reader too. */
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

export interface InstrumentFixture {
  role?: InstrumentRole;
  vendor?: string;
  model: string;
  serial: string;
  firmware?: string;
  lastStation?: string;
  lastUsedAt?: string;
}

export async function insertInstrument(t: TestApp, accountId: number, i: InstrumentFixture): Promise<number> {
  const [row] = (await t.dataSource.query(
    `INSERT INTO instrument (account_id, role, vendor, model, serial, firmware, resource, last_station, last_used_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      accountId,
      i.role ?? 'network_analyzer',
      i.vendor ?? 'Keysight Technologies',
      i.model,
      i.serial,
      i.firmware ?? null,
      i.firmware === undefined ? null : `TCPIP0::${i.serial}::inst0::INSTR`,
      i.lastStation ?? null,
      i.lastUsedAt ?? null,
    ],
  )) as { id: number }[];
  return row!.id;
}

export async function insertCertificate(
  t: TestApp,
  accountId: number,
  instrumentId: number,
  c: { number: string; calibratedOn: string; dueOn: string },
): Promise<number> {
  const [row] = (await t.dataSource.query(
    `INSERT INTO instrument_certificate (account_id, instrument_id, number, laboratory, calibrated_on, due_on,
                                         file_name, pdf, recorded_by_name)
     VALUES ($1, $2, $3, 'Fixture Lab', $4, $5, $3 || '.pdf', $6, 'fixture') RETURNING id`,
    [accountId, instrumentId, c.number, c.calibratedOn, c.dueOn, TINY_PDF],
  )) as { id: number }[];
  return row!.id;
}

/** A mechanical calibration made on a network analyzer at `madeAt`. */
export async function insertCalibration(
  t: TestApp,
  accountId: number,
  instrumentId: number,
  key: string,
  madeAt: string,
): Promise<number> {
  const [row] = (await t.dataSource.query(
    `INSERT INTO calibration_record (account_id, client_key, instrument_id, kind, ports, start_mhz, stop_mhz,
                                     made_at, made_by)
     VALUES ($1, $2, $3, 'mechanical', '1-2', 600, 2700, $4, 'Olga') RETURNING id`,
    [accountId, key, instrumentId, madeAt],
  )) as { id: number }[];
  return row!.id;
}

export interface OriginRun {
  productId: number;
  seqId: number;
  sn: string;
  start: string;
  result?: Verdict;
  station?: string;
  operator?: string;
  instruments?: number[];
  calibrations?: number[];
}

/**
 * Runs of existing serial numbers, in their current stage visit, with their station, operator,
 * instruments and calibrations; answers their ids in order.
 */
export async function insertOriginRuns(
  t: TestApp,
  accountId: number,
  runs: readonly OriginRun[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const run of runs) {
    const roles: { id: number; role: string }[] = await t.dataSource.query(
      'SELECT id, role FROM instrument WHERE account_id = $1 AND id = ANY($2::int[])',
      [accountId, run.instruments ?? []],
    );
    const named = (run.instruments?.length ?? 0) + (run.calibrations?.length ?? 0) > 0;
    // the run's origin set, as the upload keys it (no certificate in force: unknown at the run)
    const setId = named
      ? await originSetId(t, accountId, {
          instruments: roles.map((i) => ({ id: i.id, role: i.role, state: 'unknown', dueOn: null })),
          calibrations: (run.calibrations ?? []).map((id) => ({ id, stepIndices: [0] })),
        })
      : null;
    const [row] = (await t.dataSource.query(
      `INSERT INTO run (account_id, product_id, seq_id, serial_number_id, sn, sn_stage_history_id, run_no,
                        client_run_id, seq_version, start_time, end_time, result, user_id, user_name, steps,
                        is_first, station, origin_set_id)
       SELECT $1, $2, $3, n.id, $4, coalesce(n.current_history_id, 0),
              1 + (SELECT count(*) FROM run o WHERE o.serial_number_id = n.id AND o.seq_id = $3),
              gen_random_uuid()::text, 1, $5, $5, $6, NULL, $7, '[]', false, $8, $9
         FROM serial_number n WHERE n.account_id = $1 AND n.product_id = $2 AND n.sn = $4
       RETURNING id::float8 AS id`,
      [
        accountId,
        run.productId,
        run.seqId,
        run.sn,
        run.start,
        run.result ?? Verdict.Passed,
        run.operator ?? 'fixture',
        run.station ?? null,
        setId,
      ],
    )) as { id: number }[];
    ids.push(row!.id);
  }
  return ids;
}
