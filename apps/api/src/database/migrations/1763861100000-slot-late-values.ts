import type { MigrationInterface, QueryRunner } from 'typeorm';
import { JS_DOUBLES, type SqlDoubles } from '../sql-doubles';
import { remakeSlots, slotAddFunction, slotOf, UNMERGED } from './1763860100000-step-slot-statistics';

/** A slot's key columns equal between two aliases. */
const sameSlot = (a: string, b: string) =>
  ['account_id', 'seq_id', 'title', 'unit', 'slot_start'].map((c) => `${a}.${c} = ${b}.${c}`).join(' AND ');

/** The insert's rows with their slot and the number of the insert's rows in that slot. */
const NEW_IN_SLOTS = `
  SELECT v.*, ${slotOf('v.start_time')} AS slot_start,
         count(*) OVER (PARTITION BY v.account_id, v.seq_id, v.title, v.unit, ${slotOf('v.start_time')}) AS in_slot
    FROM new_values v`;

/** The stored value of the slot's run just before (`<`) or after (`>`) the new row n. */
const neighbour = (side: '<' | '>') => {
  const [edge, order] =
    side === '<'
      ? ['p.start_time >= n.slot_start', 'DESC']
      : ["p.start_time < n.slot_start + interval '15 minutes'", 'ASC'];
  return `(
  SELECT p.value FROM run_step_value p
   WHERE p.account_id = n.account_id AND p.seq_id = n.seq_id AND p.title = n.title AND p.unit = n.unit
     AND ${edge} AND (p.start_time, p.run_id) ${side} (n.start_time, n.run_id)
   ORDER BY p.start_time ${order}, p.run_id ${order} LIMIT 1)`;
};

/** x − x̄ of the slot, about its first value (first values close together subtract exactly). */
const D = '((o.value - s.first_value) - s.mean_offset)';

/**
 * The slots an insert did not merge into, when it put one value into the slot (an upload: one
 * value of each step): that value added between its two neighbours in time order. Chan's update
 * for one value (n + 1; the mean moves by d / (n + 1); M2 grows by d²·n / (n + 1)), about the
 * slot's first value, or about the new one when it comes first (x̄ − x = −d·n / (n + 1)); the
 * moving ranges lose the neighbours' |next − previous| and gain |x − previous| + |next − x|. A value it did not merge
 * into is before the slot's latest run, so it has a next neighbour. The other late slots (a bulk
 * insert, several values in one slot) are made anew from their rows, as before.
 */
const mergeLateValues = (doubles: SqlDoubles) => `
      WITH o AS (
        SELECT n.*, ${neighbour('<')} AS prev, ${neighbour('>')} AS next
          FROM (${NEW_IN_SLOTS}) n
          JOIN (${UNMERGED}) e ON ${sameSlot('n', 'e')} AND n.in_slot = 1
      )
      UPDATE run_step_slot s SET
        n = s.n + 1,
        first_value = CASE WHEN o.prev IS NULL THEN o.value ELSE s.first_value END,
        -- about the new value when it comes first: x̄(new) − x = −d·n / (n + 1)
        mean_offset = CASE WHEN o.prev IS NULL THEN ${doubles.perCount(`-${D} * s.n`, '(s.n + 1)')}
                           ELSE s.mean_offset + ${doubles.perCount(D, '(s.n + 1)')} END,
        m2 = s.m2 + ${doubles.square(D)} * s.n / (s.n + 1),
        mr_sum = s.mr_sum + abs(o.next - o.value)
          + CASE WHEN o.prev IS NULL THEN 0 ELSE abs(o.value - o.prev) - abs(o.next - o.prev) END,
        min_value = least(s.min_value, o.value),
        max_value = greatest(s.max_value, o.value),
        first_time = CASE WHEN o.prev IS NULL THEN o.start_time ELSE s.first_time END,
        first_run = CASE WHEN o.prev IS NULL THEN o.run_id ELSE s.first_run END,
        limits_mixed = s.limits_mixed OR (o.lower, o.upper) IS DISTINCT FROM (s.last_lower, s.last_upper),
        versions = ARRAY(SELECT DISTINCT x FROM unnest(s.versions || o.seq_version) x ORDER BY x)
        FROM o
       WHERE ${sameSlot('s', 'o')};
      ${remakeSlots(
        doubles,
        `
          AND (SELECT count(*) FROM new_values n WHERE n.account_id = e.account_id AND n.seq_id = e.seq_id
                  AND n.title = e.title AND n.unit = e.unit AND ${slotOf('n.start_time')} = e.slot_start) > 1`,
      )}`;

/**
 * An upload that arrives out of time order in its quarter hour no longer makes the slot again from
 * every value in it (issue 41; docs/performance.md, "Reports and ingest"): with several lab PCs
 * uploading at once many uploads commit out of their start times' order, and each made the 20 or
 * so slots it touched again from all their values, work that grows with the values a quarter
 * hour holds. Its one value per slot is now added between its neighbours (mergeLateValues), two
 * index probes a slot. Measured side by side at 1,000,000 runs, throughput and PostgreSQL's CPU
 * per upload did not move beyond the noise (the uploads' cost lies elsewhere); the 16 clients'
 * p99 fell by about a third, the slots' locks being held for less time. Concurrent uploads into
 * one slot stay right as before: the trigger's first statement locks the insert's slots, so these
 * statements' snapshots see every value committed into them. The figures hold to the row-wise
 * definition within 1e-12 relative, as every merge does.
 */
export class SlotLateValues1763861100000 implements MigrationInterface {
  name = 'SlotLateValues1763861100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(slotAddFunction(JS_DOUBLES, mergeLateValues));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(slotAddFunction(JS_DOUBLES));
  }
}
