/**
 * The SQL of issue 41's two designs, as spc-judge.bench.ts sends it. The judge's statements are
 * apps/api/src/spc/spc.repository.ts's (judgeTargets, saveStates, openAlarm, addViolation),
 * copied here because bench/ may not import the API's internals: keep them in step.
 */

/** The bench's queue: one row per run with frozen steps, filled by the upload. */
export const CREATE_QUEUE = `
  CREATE TABLE spc_judge_queue (
    account_id integer NOT NULL,
    seq_id integer NOT NULL,
    run_id bigint NOT NULL,
    start_time timestamptz NOT NULL,
    enqueued bigserial PRIMARY KEY
  )`;

/** The part of an upload both designs share: the run's values, one row per step. */
export const STORE_VALUES = `
  INSERT INTO run_step_value (account_id, seq_id, title, start_time, run_id, sn, seq_version, value, unit)
  SELECT $1, $2, t.title, $3, $4, $5, 1, t.value, 'V'
    FROM unnest($6::text[], $7::float8[]) AS t(title, value)`;

export const JUDGE_TARGETS = `
  SELECT st.title, l.product_id AS "productId", l.centre, l.sigma_within AS "sigmaWithin", st.recent,
         st.open_alarm_id AS "openAlarmId", v.value, v.sn
    FROM spc_step_state st
    JOIN spc_limit l USING (account_id, seq_id, title)
    JOIN run_step_value v ON v.account_id = st.account_id AND v.seq_id = st.seq_id AND v.title = st.title
                         AND v.start_time = $3 AND v.run_id = $4
   WHERE st.account_id = $1 AND st.seq_id = $2
   ORDER BY st.title
     FOR UPDATE OF st`;

export const SAVE_STATES = `
  UPDATE spc_step_state st
     SET recent = ARRAY(SELECT jsonb_array_elements_text(x.recent)::float8), open_alarm_id = x.alarm
    FROM jsonb_to_recordset($3::jsonb) AS x(title text, recent jsonb, alarm bigint)
   WHERE st.account_id = $1 AND st.seq_id = $2 AND st.title = x.title`;

export const OPEN_ALARM = `
  INSERT INTO spc_alarm (account_id, product_id, seq_id, title, opened_run_id)
  VALUES ($1, $2, $3, $4, $5) RETURNING id`;

export const ADD_VIOLATION = `
  WITH added AS (
    INSERT INTO spc_violation (account_id, alarm_id, run_id, sn, start_time, value, rules, above)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING alarm_id)
  UPDATE spc_alarm SET violation_count = violation_count + 1
   WHERE account_id = $1 AND id = (SELECT alarm_id FROM added)`;

/** The fold's upload: one queue row for the run, in the upload's transaction. */
export const ENQUEUE = `INSERT INTO spc_judge_queue (account_id, seq_id, run_id, start_time) VALUES ($1, $2, $3, $4)`;

/**
 * The folder takes the oldest `$1` runs nobody else holds and deletes them (rolled back with the
 * batch if the fold fails).
 */
export const TAKE_BATCH = `
  DELETE FROM spc_judge_queue q
   WHERE q.enqueued IN (SELECT enqueued FROM spc_judge_queue ORDER BY enqueued LIMIT $1 FOR UPDATE SKIP LOCKED)
  RETURNING q.account_id AS "accountId", q.seq_id AS "seqId", q.run_id AS "runId", q.start_time AS "startTime", q.enqueued`;

/**
 * The batch's values of one test's frozen steps with the steps' states, locked, in queue order
 * per step: the judge's read for many runs at once. Each value is read by its whole key, step by
 * run (OFFSET 0 keeps the planner from joining the test's values whole to the batch: 47 ms a batch
 * of one run, where a probe per value costs well under a millisecond).
 */
export const FOLD_TARGETS = `
  SELECT st.title, l.product_id AS "productId", l.centre, l.sigma_within AS "sigmaWithin", st.recent,
         st.open_alarm_id AS "openAlarmId", v.value, v.sn, b.run_id AS "runId", b.start_time AS "startTime"
    FROM spc_step_state st
    JOIN spc_limit l USING (account_id, seq_id, title)
   CROSS JOIN unnest($3::timestamptz[], $4::bigint[]) WITH ORDINALITY AS b(start_time, run_id, position)
   CROSS JOIN LATERAL (
           SELECT v.value, v.sn FROM run_step_value v
            WHERE v.account_id = st.account_id AND v.seq_id = st.seq_id AND v.title = st.title
              AND v.start_time = b.start_time AND v.run_id = b.run_id
           OFFSET 0) v
   WHERE st.account_id = $1 AND st.seq_id = $2
   ORDER BY st.title, b.position
     FOR UPDATE OF st`;
