import { latestDueOnInForce } from '../instruments/certificate-in-force.sql';

/**
 * What the account knows of an upload's instruments and calibrations, as CTEs and columns of the
 * upload's state statement (STATE_WITH_ORIGIN, run-upload.repository.ts), so an upload naming
 * known ones makes no round trip more than one without (docs/traceability.md, "Recording at
 * upload"). $1 account, $7 the run's start; $9-$11 the instruments' vendors, models and serials,
 * $13 their roles; $12 every calibration key it names, $14 each key's step indices (a JSON array,
 * ascending). Each known instrument comes by its index in the upload with what ORIGIN_WRITE would
 * change (its firmware, resource, last station and use) and the due date in force on the run's
 * UTC day (latestDueOnInForce: from the instrument's row, its certificates only for a run before
 * its latest one; a date in JSON is 'YYYY-MM-DD' whatever the DateStyle). The account's setting is
 * read only when the upload names instruments.
 */
export const ORIGIN_CTES = `
  known_instrument AS (
    SELECT x.n - 1 AS idx, x.role, i.id, i.firmware, i.resource, i.last_station, i.last_used_at,
           ${latestDueOnInForce('i', '$1', `($7::timestamptz AT TIME ZONE 'UTC')::date`)} AS due_on
      FROM unnest($9::text[], $10::text[], $11::text[], $13::text[]) WITH ORDINALITY AS x(vendor, model, serial, role, n)
      JOIN instrument i ON i.account_id = $1 AND i.vendor = x.vendor AND i.model = x.model AND i.serial = x.serial
  ), known_calibration AS (
    SELECT c.client_key AS key, c.id, c.instrument_id, x.steps
      FROM unnest($12::text[], $14::text[]) AS x(key, steps)
      JOIN calibration_record c ON c.account_id = $1 AND c.client_key = x.key
  )`;

/**
 * The origin set (run_origin_set) of the upload's content when the account knows all of it, so
 * that STORE takes its id and an upload in steady operation neither creates nor looks up a set
 * there: its digest from the known rows in the order originSetParams gives (by instrument id, by
 * calibration id; the roles and step indices the upload's). NULL while something is unknown, or
 * when no set has that content yet: the upload then finds or creates it (ORIGIN_SET).
 */
const KNOWN_ORIGIN_SET = `
  (SELECT s.id FROM run_origin_set s
    WHERE s.account_id = $1
      AND (SELECT count(*) FROM known_instrument) = cardinality($9::text[])
      AND (SELECT count(*) FROM known_calibration) = cardinality($12::text[])
      AND s.digest = run_origin_digest(
            ARRAY(SELECT id FROM known_instrument ORDER BY id), ARRAY(SELECT role FROM known_instrument ORDER BY id),
            ARRAY(SELECT due_on FROM known_instrument ORDER BY id), ARRAY(SELECT id FROM known_calibration ORDER BY id),
            coalesce((SELECT jsonb_agg(steps::jsonb ORDER BY id) FROM known_calibration), '[]')))`;

/** ORIGIN_CTES' answer: the account's setting, the known instruments and calibrations, the known set. */
export const ORIGIN_COLUMNS = `
  (SELECT a.allow_overdue_instruments FROM account a WHERE a.id = $1 AND cardinality($9::text[]) > 0) AS allow_overdue,
  (SELECT coalesce(json_agg(json_build_object(
            'idx', k.idx, 'id', k.id, 'firmware', k.firmware, 'resource', k.resource,
            'last_station', k.last_station, 'last_used_ms', extract(epoch FROM k.last_used_at)::float8 * 1000,
            'due_on', k.due_on)), '[]')
     FROM known_instrument k) AS instruments,
  (SELECT coalesce(json_agg(json_build_object('key', k.key, 'id', k.id, 'instrument_id', k.instrument_id)), '[]')
     FROM known_calibration k) AS calibrations,
  ${KNOWN_ORIGIN_SET} AS origin_set_id`;

/** A column of `instrument` as a run sets it: the newer run's value, else the one kept. */
const newer = (column: string) =>
  `${column} = CASE WHEN i.last_used_at > EXCLUDED.last_used_at THEN coalesce(i.${column}, EXCLUDED.${column})
                    ELSE coalesce(EXCLUDED.${column}, i.${column}) END`;

/**
 * What an upload writes of its origin before its run, in one statement, sent only when ORIGIN_READ
 * found something to write (instrumentsToWrite, calibrationsToRecord): in steady operation (known
 * instruments used again within a minute from the same station, calibrations named by key) none.
 * $1 account, $2 the run's start, $3 its station; $4-$10 the instruments to write (indices in the
 * upload, roles, vendors, models, serials, firmwares, resources); $11 every instrument's id as
 * ORIGIN_READ found it, by index (NULL: unknown, so written here); $12-$20 the whole calibrations
 * whose key is not known (keys, instrument indices, kinds, ECal serials, ports, starts, stops,
 * times, operators).
 * An instrument is registered at its first run; a run newer than its last use sets its firmware,
 * resource and station (a late run from the offline queue only fills what is missing). A whole
 * calibration is recorded under its key unless the key is known meanwhile: two uploads recording
 * one new key at once, the later one finds it neither recorded here nor known to ORIGIN_READ and
 * answers it unknown, and the runner sends it whole again.
 */
export const ORIGIN_WRITE = `
  WITH input AS (
    SELECT * FROM unnest($4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
             AS x(idx, role, vendor, model, serial, firmware, resource)
  ), registered AS (
    INSERT INTO instrument AS i (account_id, role, vendor, model, serial, firmware, resource, last_station, last_used_at)
    -- rows are locked in one order whatever the upload's, so two uploads cannot deadlock on them
    SELECT $1, role, vendor, model, serial, firmware, resource, $3, $2 FROM input ORDER BY vendor, model, serial
    ON CONFLICT (account_id, vendor, model, serial) DO UPDATE
       SET ${newer('firmware')}, ${newer('resource')}, ${newer('last_station')},
           last_used_at = greatest(i.last_used_at, EXCLUDED.last_used_at)
    RETURNING i.id, i.vendor, i.model, i.serial,
              ${latestDueOnInForce('i', '$1', `($2::timestamptz AT TIME ZONE 'UTC')::date`)} AS due_on
  ), written AS (
    SELECT input.idx, r.id, r.due_on FROM input JOIN registered r USING (vendor, model, serial)
  ), used AS (
    SELECT k.n::int - 1 AS idx, coalesce(w.id, k.id) AS id
      FROM unnest($11::int[]) WITH ORDINALITY AS k(id, n) LEFT JOIN written w ON w.idx = k.n - 1
  ), recorded AS (
    INSERT INTO calibration_record (account_id, client_key, instrument_id, kind, ecal_serial, ports, start_mhz,
                                    stop_mhz, made_at, made_by)
    SELECT $1, w.key, used.id, w.kind, w.ecal, w.ports, w.start, w.stop, w.made_at, w.made_by
      FROM unnest($12::text[], $13::int[], $14::text[], $15::text[], $16::text[], $17::float8[], $18::float8[],
                  $19::timestamptz[], $20::text[]) AS w(key, instrument, kind, ecal, ports, start, stop, made_at, made_by)
      JOIN used ON used.idx = w.instrument
     ORDER BY w.key
    ON CONFLICT (account_id, client_key) DO NOTHING
    RETURNING id, client_key AS key, instrument_id
  )
  SELECT (SELECT coalesce(json_agg(written), '[]') FROM written) AS instruments,
         (SELECT coalesce(json_agg(recorded), '[]') FROM recorded) AS calibrations`;

/**
 * The run's origin set (run_origin_set, migration 1763860300000) as CTEs of ORIGIN_SET, for an
 * upload whose set STATE did not find (a new set, or an origin it had to write): `found` by its
 * digest, `created` only when new. `account` is the account's parameter, and the content the five
 * parameters from `$first` on (originSetParams: instrument ids, roles and due dates; calibration
 * ids and each one's step indices, a JSON array of arrays). Two uploads creating one set at once:
 * the second's insert waits for the first's row and, once it commits, takes it by DO UPDATE, which
 * acts on a row its statement's snapshot does not see (DO NOTHING would answer no id, and no later
 * read in the same statement would see the row either); that rare update leaves the content as it
 * was. Not inside STORE: there, even for an upload naming nothing, its CTEs and insert cost about
 * 0.1 ms of PostgreSQL's CPU per run (apps/api/bench/upload-parts.bench.ts).
 */
export function originSetCtes(account: string, first: number): string {
  const p = (n: number) => `$${first + n}`;
  return `input AS (
    SELECT ${p(0)}::int[] AS instrument_ids, ${p(1)}::text[] AS instrument_roles, ${p(2)}::date[] AS instrument_due_ons,
           ${p(3)}::int[] AS calibration_ids, ${p(4)}::jsonb AS calibration_steps
  ), origin AS (
    -- the digest once: in a condition on run_origin_set's rows it would be computed for each row read
    SELECT i.*, run_origin_digest(i.instrument_ids, i.instrument_roles, i.instrument_due_ons, i.calibration_ids,
                                  i.calibration_steps) AS digest
      FROM input i
  ), found AS (
    SELECT s.id FROM origin o JOIN run_origin_set s ON s.account_id = ${account} AND s.digest = o.digest
  ), created AS (
    INSERT INTO run_origin_set AS s (account_id, instrument_ids, instrument_roles, instrument_due_ons, calibration_ids,
                                     calibration_steps)
    SELECT ${account}, o.instrument_ids, o.instrument_roles, o.instrument_due_ons, o.calibration_ids, o.calibration_steps
      FROM origin o WHERE NOT EXISTS (SELECT FROM found)
    ON CONFLICT (account_id, digest) DO UPDATE SET calibration_steps = s.calibration_steps
    RETURNING s.id
  )`;
}

/** The origin set's id from originSetCtes: the one found, else the one created. */
export const ORIGIN_SET_ID = '(SELECT id FROM found UNION ALL SELECT id FROM created LIMIT 1)';

/** $1 account, $2-$6 the set's content (originSetParams): its set's id, found or created. */
export const ORIGIN_SET = `WITH ${originSetCtes('$1', 2)} SELECT ${ORIGIN_SET_ID} AS id`;

/**
 * The content of a run's origin set as originSetCtes takes it (migration 1763860300000): the
 * instruments' ids, roles and due dates, the calibrations' ids and each one's step indices (a JSON array of
 * arrays), each list in id order and the step indices ascending, so that one content always makes
 * one digest, whatever order the upload named them in. The state at the run is not part of it: it
 * follows from the due date and the run's start (calibrationState), and is derived when read.
 */
export function originSetParams(origin: {
  instruments: readonly { id: number; role: string; dueOn: string | null }[];
  calibrations: readonly { id: number; stepIndices: readonly number[] }[];
}): [number[], string[], (string | null)[], number[], string] {
  const instruments = [...origin.instruments].sort((a, b) => a.id - b.id);
  const calibrations = [...origin.calibrations].sort((a, b) => a.id - b.id);
  return [
    instruments.map((i) => i.id),
    instruments.map((i) => i.role),
    instruments.map((i) => i.dueOn),
    calibrations.map((c) => c.id),
    JSON.stringify(calibrations.map((c) => ascending(c.stepIndices))),
  ];
}

const ascending = (steps: readonly number[]) => [...steps].sort((a, b) => a - b);

/**
 * ORIGIN_CTES' $13 and $14: the upload's instruments' roles, and each calibration's step indices as
 * a JSON array, ascending as originSetParams has them, so that STATE's digest is the set's.
 */
export function knownOriginParams(origin: {
  instruments?: readonly { role: string }[];
  calibrations?: readonly { step_indices: readonly number[] }[];
}): [string[], string[]] {
  return [
    (origin.instruments ?? []).map((i) => i.role),
    (origin.calibrations ?? []).map((c) => JSON.stringify(ascending(c.step_indices))),
  ];
}
