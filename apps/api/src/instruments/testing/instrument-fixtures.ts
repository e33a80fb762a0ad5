/**
 * Instruments, certificates, calibrations and runs that name them, written straight into the
 * tables for the instruments and containment specs (not part of the build: testing/ folders are
 * skipped). The run upload that registers them in production has its own specs.
 */
import type { InstrumentRole } from '@sweepline/domain';
import { Verdict } from '@sweepline/domain';
import type { TestApp } from '../../../test/test-app';

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
    const [row] = (await t.dataSource.query(
      `INSERT INTO run (account_id, product_id, seq_id, serial_number_id, sn, sn_stage_history_id, run_no,
                        client_run_id, seq_version, start_time, end_time, result, user_id, user_name, steps,
                        is_first, station, instrument_ids, calibration_ids)
       SELECT $1, $2, $3, n.id, $4, coalesce(n.current_history_id, 0),
              1 + (SELECT count(*) FROM run o WHERE o.serial_number_id = n.id AND o.seq_id = $3),
              gen_random_uuid()::text, 1, $5, $5, $6, NULL, $7, '[]', false, $8, $9::int[], $10::int[]
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
        // the ids a run keeps of its rows, as the upload stores them (migration 1763858900000)
        run.instruments?.length ? run.instruments : null,
        run.calibrations?.length ? run.calibrations : null,
      ],
    )) as { id: number }[];
    const id = row!.id;
    ids.push(id);
    for (const instrumentId of run.instruments ?? []) {
      await t.dataSource.query(
        `INSERT INTO run_instrument (account_id, run_id, start_time, instrument_id, role, state_at_run)
         SELECT $1, $2, $3, i.id, i.role, 'unknown' FROM instrument i WHERE i.id = $4`,
        [accountId, id, run.start, instrumentId],
      );
    }
    for (const calibrationId of run.calibrations ?? []) {
      await t.dataSource.query(
        `INSERT INTO run_calibration (account_id, run_id, start_time, calibration_id, step_indices)
         VALUES ($1, $2, $3, $4, '{0}')`,
        [accountId, id, run.start, calibrationId],
      );
    }
  }
  return ids;
}
