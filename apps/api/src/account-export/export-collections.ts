import { calibrationStateSql } from '../instruments/certificate-in-force.sql';

/**
 * What the account export holds (docs/api/accounts.md, "Export"): one folder of JSON parts per
 * collection, each row built by PostgreSQL as JSON text, read through COPY as bytes that Node only
 * joins (no decoding). Every statement takes the account id as $1 (written into the COPY as an
 * integer) and yields one column of JSON text first; rows come in id order.
 * Times are ISO 8601 with their offset (timestamptz in json_build_object, the session in UTC).
 */
export interface Collection {
  name: string;
  sql: string;
}

export const COLLECTIONS: readonly Collection[] = [
  {
    name: 'users',
    sql: `SELECT json_build_object('id', id, 'email', email, 'name', name, 'role', role,
            'isActive', is_active, 'createdAt', created_at, 'deletedAt', deleted_at)::text
            FROM app_user WHERE account_id = $1 ORDER BY id`,
  },
  {
    name: 'products',
    sql: `SELECT json_build_object('id', id, 'name', name, 'model', model, 'info', info,
            'createUserName', create_user_name, 'createTime', create_time,
            'updateUserName', update_user_name, 'updateTime', update_time, 'deletedAt', deleted_at)::text
            FROM product WHERE account_id = $1 ORDER BY id`,
  },
  {
    name: 'tests',
    sql: `SELECT json_build_object('id', q.id, 'productId', q.product_id, 'name', q.name,
            'stageNo', q.stage_no, 'testNo', q.test_no, 'isCompleted', q.is_completed,
            'version', q.version, 'calibrations', q.cals,
            'createUserName', q.create_user_name, 'createTime', q.create_time,
            'updateUserName', q.update_user_name, 'updateTime', q.update_time, 'deletedAt', q.deleted_at,
            'steps', (SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name,
                        'isDefaultName', s.is_default_name, 'instrumentId', s.instrument_id,
                        'actionId', s.action_id, 'param', s.param, 'isCompleted', s.is_completed,
                        'errors', s.errors) ORDER BY s.position), '[]')
                        FROM step s WHERE s.seq_id = q.id))::text
            FROM seq q WHERE q.account_id = $1 ORDER BY q.id`,
  },
  {
    // issue 39: each test's releases, content and all (steps and calibrations as the runner gets them)
    name: 'test-releases',
    sql: `SELECT json_build_object('id', id, 'testId', seq_id, 'no', no, 'kind', kind, 'state', state,
            'note', note, 'rolledBackFrom', rolled_back_from, 'testVersion', seq_version,
            'createdByName', created_by_name, 'createdAt', created_at,
            'decidedByName', decided_by_name, 'decidedAt', decided_at, 'reason', reason,
            'content', content)::text
            FROM seq_release WHERE account_id = $1 ORDER BY id`,
  },
  {
    name: 'serial-numbers',
    sql: `SELECT json_build_object('id', n.id, 'productId', n.product_id, 'sn', n.sn,
            'createdAt', n.created_at, 'createdByName', n.created_by_name,
            'stages', (SELECT coalesce(json_agg(json_build_object('id', h.id, 'stageNo', h.stage_no,
                         'reason', h.reason, 'runId', h.run_id, 'createdAt', h.created_at,
                         'createdByName', h.created_by_name) ORDER BY h.id), '[]')
                         FROM sn_stage_history h WHERE h.serial_number_id = n.id))::text
            FROM serial_number n WHERE n.account_id = $1 ORDER BY n.id`,
  },
  {
    name: 'runs',
    sql: `SELECT json_build_object('id', id, 'productId', product_id, 'testId', seq_id,
            'serialNumberId', serial_number_id, 'sn', sn, 'stageVisitId', sn_stage_history_id,
            'runNo', run_no, 'clientRunId', client_run_id, 'testVersion', seq_version, 'releaseNo', release_no,
            'startTime', start_time, 'endTime', end_time, 'result', result, 'userName', user_name,
            'isFirst', is_first, 'createdAt', created_at, 'station', station, 'runnerVersion', runner_version,
            'measuredOverdue', measured_overdue, 'steps', steps)::text
            FROM run WHERE account_id = $1 ORDER BY id`,
  },
  {
    // issue 40: each instrument with its certificates' fields (their PDFs stay in the service)
    name: 'instruments',
    sql: `SELECT json_build_object('id', i.id, 'role', i.role, 'vendor', i.vendor, 'model', i.model,
            'serial', i.serial, 'firmware', i.firmware, 'resource', i.resource, 'lastStation', i.last_station,
            'lastUsedAt', i.last_used_at, 'createdAt', i.created_at,
            'certificates', (SELECT coalesce(json_agg(json_build_object('id', c.id, 'number', c.number,
                               'laboratory', c.laboratory, 'calibratedOn', c.calibrated_on, 'dueOn', c.due_on,
                               'fileName', c.file_name, 'fileBytes', octet_length(c.pdf),
                               'recordedByName', c.recorded_by_name, 'recordedAt', c.recorded_at) ORDER BY c.id), '[]')
                               FROM instrument_certificate c
                              WHERE c.account_id = i.account_id AND c.instrument_id = i.id))::text
            FROM instrument i WHERE i.account_id = $1 ORDER BY i.id`,
  },
  {
    // the calibrations runners made, by the key each runner gave it
    name: 'calibrations',
    sql: `SELECT json_build_object('id', id, 'key', client_key, 'instrumentId', instrument_id, 'kind', kind,
            'ecalSerial', ecal_serial, 'ports', ports, 'startMHz', start_mhz, 'stopMHz', stop_mhz,
            'madeAt', made_at, 'madeBy', made_by)::text
            FROM calibration_record WHERE account_id = $1 ORDER BY id`,
  },
  {
    // what measured each run: its instruments with their certificate state at the run (from its origin set)
    name: 'run-instruments',
    sql: `SELECT json_build_object('runId', r.id, 'instrumentId', x.id, 'role', x.role,
            'stateAtRun', ${calibrationStateSql('x.due_on', `(r.start_time AT TIME ZONE 'UTC')::date`)},
            'dueOn', x.due_on)::text
            FROM run r JOIN run_origin_set s ON s.account_id = r.account_id AND s.id = r.origin_set_id
           CROSS JOIN LATERAL unnest(s.instrument_ids, s.instrument_roles, s.instrument_due_ons) AS x(id, role, due_on)
           WHERE r.account_id = $1 ORDER BY r.id, x.id`,
  },
  {
    // and the calibration of each step result (0-based indices in the run's steps)
    name: 'run-calibrations',
    sql: `SELECT json_build_object('runId', r.id, 'calibrationId', x.id,
            'stepIndices', s.calibration_steps -> (x.n::int - 1))::text
            FROM run r JOIN run_origin_set s ON s.account_id = r.account_id AND s.id = r.origin_set_id
           CROSS JOIN LATERAL unnest(s.calibration_ids) WITH ORDINALITY AS x(id, n)
           WHERE r.account_id = $1 ORDER BY r.id, x.id`,
  },
  {
    // traces as the API keeps them: little-endian 32-bit floats, base64, without line breaks
    name: 'traces',
    sql: `SELECT json_build_object('runId', t.run_id, 'stepIndex', t.step_index,
            'points', octet_length(t.freqs_mhz) / 4,
            'freqsMhzF32le', translate(encode(t.freqs_mhz, 'base64'), E'\\n', ''),
            'valuesF32le', translate(encode(t.vals, 'base64'), E'\\n', ''))::text
            FROM run_trace t JOIN run r ON r.id = t.run_id
           WHERE r.account_id = $1 ORDER BY t.run_id, t.step_index`,
  },
];

/** The attachments' rows, then the id and name (as text) of the file that goes beside them. */
export const ATTACHMENTS_SQL = `
  SELECT json_build_object('id', id, 'runId', run_id, 'stepIndex', step_index, 'kind', kind,
           'fileName', file_name, 'contentType', content_type, 'size', size, 'createdAt', created_at)::text,
         id::text, file_name
    FROM attachment WHERE account_id = $1 ORDER BY id`;
