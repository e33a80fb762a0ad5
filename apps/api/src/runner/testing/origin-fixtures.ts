/**
 * Helpers of the run-origin specs (not part of the build): instruments and calibrations as a run
 * names them, certificates recorded straight in the database, and the rows an upload's origin
 * writes, to show a refusal changed nothing.
 */
import type { CalibrationUse, InstrumentUse } from '@sweepline/domain';
import type { TestApp } from '../../../test/test-app';
import type { StoredRunOrigin } from '../run-upload.repository';
import { ORIGIN_SET_CREATE, originSetParams } from '../upload-origin.sql';

export const ANALYZER: InstrumentUse = {
  role: 'network_analyzer',
  vendor: 'Keysight Technologies',
  model: 'E5071C',
  serial: 'MY46100001',
  firmware: 'B.13.10',
  resource: 'TCPIP0::10.0.0.5::5025::SOCKET',
};

export const PIM: InstrumentUse = {
  role: 'pim_analyzer',
  vendor: 'Rosenberger',
  model: 'PiMMA',
  serial: 'PM-2231',
};

/** A whole mechanical calibration made on the run's first instrument, measuring `steps`. */
export function wholeCalibration(
  key: string,
  steps: number[],
  over: Partial<CalibrationUse> = {},
): CalibrationUse {
  return {
    key,
    step_indices: steps,
    instrument: 0,
    kind: 'mechanical',
    ports: '1-2',
    start_MHz: 600,
    stop_MHz: 2700,
    made_at: '2025-01-01T07:00:00Z',
    made_by: 'Olive Operator',
    ...over,
  };
}

/** The account's instrument of that serial number's id. */
export async function instrumentId(t: TestApp, accountId: number, serial: string): Promise<number> {
  const [row] = await t.dataSource.query('SELECT id FROM instrument WHERE account_id = $1 AND serial = $2', [
    accountId,
    serial,
  ]);
  return row.id;
}

/** A certificate of an instrument, as a manager records it (H2's call), straight in the database. */
export async function addCertificate(
  t: TestApp,
  accountId: number,
  instrument: number,
  calibratedOn: string,
  dueOn: string,
): Promise<void> {
  await t.dataSource.query(
    `INSERT INTO instrument_certificate (account_id, instrument_id, number, laboratory, calibrated_on, due_on,
                                         file_name, pdf, recorded_by_name)
     VALUES ($1, $2, $3, 'Keysight Service Center', $4, $5, 'certificate.pdf', '\\x255044462d', 'Manager')`,
    [accountId, instrument, `C-${calibratedOn}`, calibratedOn, dueOn],
  );
}

/** The rows an upload's origin writes, for one account. */
export async function originRows(t: TestApp, accountId: number): Promise<unknown> {
  const ds = t.dataSource;
  const [instruments, calibrations, originSets, runs] = await Promise.all([
    ds.query('SELECT * FROM instrument WHERE account_id = $1 ORDER BY id', [accountId]),
    ds.query('SELECT * FROM calibration_record WHERE account_id = $1 ORDER BY id', [accountId]),
    ds.query('SELECT * FROM run_origin_set WHERE account_id = $1 ORDER BY id', [accountId]),
    ds.query('SELECT id, origin_set_id FROM run WHERE account_id = $1 ORDER BY id', [accountId]),
  ]);
  return { instruments, calibrations, originSets, runs };
}

/**
 * The id of the account's origin set of that content, made when new, keyed as the upload keys it
 * (originSetParams): for specs that write runs straight into the tables.
 */
export async function originSetId(
  t: TestApp,
  accountId: number,
  origin: Pick<StoredRunOrigin, 'instruments' | 'calibrations'>,
): Promise<number> {
  const [row] = await t.dataSource.query(ORIGIN_SET_CREATE, [accountId, ...originSetParams(origin)]);
  return row.id;
}

/** The origin sets of the account's runs, by run id: how many distinct sets they point to. */
export async function runOriginSets(t: TestApp, accountId: number): Promise<(number | null)[]> {
  const rows: { origin_set_id: number | null }[] = await t.dataSource.query(
    'SELECT origin_set_id FROM run WHERE account_id = $1 ORDER BY id',
    [accountId],
  );
  return rows.map((r) => r.origin_set_id);
}
