/**
 * What the runner's uploads would have left, checked on the seeded rows of account $1 (docs/api/
 * runs.md, "Schema"; docs/api/serial-numbers.md, "Stage rules"). Each query counts the rows that
 * break one rule: all must be 0.
 */
export const CONSISTENCY_CHECKS: Record<string, string> = {
  'a run belongs to a visit of its unit at its test stage': `
    SELECT count(*)::int AS n FROM run r
      LEFT JOIN sn_stage_history h ON h.id = r.sn_stage_history_id
      JOIN seq s ON s.id = r.seq_id
     WHERE r.account_id = $1
       AND (h.id IS NULL OR h.serial_number_id <> r.serial_number_id OR h.stage_no IS DISTINCT FROM s.stage_no)`,
  'run_no counts the runs of a test in its visit': `
    SELECT count(*)::int AS n FROM (
      SELECT run_no, row_number() OVER (PARTITION BY sn_stage_history_id, seq_id ORDER BY start_time, id) AS rn
        FROM run WHERE account_id = $1) x
     WHERE run_no <> rn`,
  'is_first marks the earliest run of a unit and test': `
    SELECT count(*)::int AS n FROM (
      SELECT is_first, row_number() OVER (PARTITION BY serial_number_id, seq_id ORDER BY start_time, result, id) AS rn
        FROM run WHERE account_id = $1) x
     WHERE is_first <> (rn = 1)`,
  'an advance follows a passing run of the unit': `
    SELECT count(*)::int AS n FROM sn_stage_history h LEFT JOIN run r ON r.id = h.run_id
     WHERE h.account_id = $1 AND h.reason = 'advance'
       AND (r.id IS NULL OR r.result <> 1 OR r.serial_number_id <> h.serial_number_id OR h.created_at < r.end_time)`,
  'the current stage is the latest entry': `
    SELECT count(*)::int AS n FROM serial_number s
     WHERE s.account_id = $1
       AND s.current_history_id IS DISTINCT FROM (SELECT max(id) FROM sn_stage_history h WHERE h.serial_number_id = s.id)`,
  'a run happens within its visit': `
    SELECT count(*)::int AS n FROM run r JOIN sn_stage_history h ON h.id = r.sn_stage_history_id
     WHERE r.account_id = $1
       AND (r.start_time < h.created_at OR EXISTS (
             SELECT 1 FROM sn_stage_history n
              WHERE n.serial_number_id = h.serial_number_id AND n.id > h.id
                AND n.run_id IS DISTINCT FROM r.id AND n.created_at < r.start_time))`,
  "a run's result agrees with its steps": `
    SELECT count(*)::int AS n FROM run r
     WHERE r.account_id = $1 AND r.result >= 0
       AND (r.result = 1) = EXISTS (SELECT 1 FROM jsonb_array_elements(r.steps) e
                                     WHERE NOT (e->>'isHeader')::boolean AND (e->>'result')::int = 0)`,
  'a unit whose stage is passed has moved on': `
    SELECT count(*)::int AS n FROM serial_number sn JOIN sn_stage_history h ON h.id = sn.current_history_id
     WHERE sn.account_id = $1 AND h.stage_no IS NOT NULL
       AND NOT EXISTS (
         SELECT 1 FROM seq s
          WHERE s.product_id = sn.product_id AND s.stage_no = h.stage_no AND s.deleted_at IS NULL
            AND coalesce((SELECT result FROM run r WHERE r.sn_stage_history_id = h.id AND r.seq_id = s.id
                           ORDER BY start_time DESC, id DESC LIMIT 1), 0) <> 1)`,
  'a trace belongs to a measured step result of its run': `
    SELECT count(*)::int AS n FROM run_trace t JOIN run r ON r.id = t.run_id
     WHERE r.account_id = $1 AND jsonb_typeof(r.steps -> t.step_index -> 'value') IS DISTINCT FROM 'number'`,
};
