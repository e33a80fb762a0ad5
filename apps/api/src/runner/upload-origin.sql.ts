import { createHash } from 'node:crypto';
import { latestDueOnInForce } from '../instruments/certificate-in-force.sql';

/**
 * What the account knows of an upload's instruments and calibrations, as columns of the upload's
 * state statement (STATE_WITH_ORIGIN, run-upload.repository.ts), so an upload naming known ones
 * makes no round trip more than one without (docs/traceability.md, "Recording at upload"). $1 account, $7 the run's
 * start; $9-$11 the instruments' vendors, models and serials; $12 every calibration key it names.
 * Each known instrument comes by its index in the upload with what ORIGIN_WRITE would change (its
 * firmware, resource, last station and use) and the due date in force on the run's UTC day
 * (latestDueOnInForce: from the instrument's row, its certificates only for a run before its
 * latest one; a date in JSON is 'YYYY-MM-DD' whatever the DateStyle). The account's setting is
 * read only when the upload names instruments.
 */
export const ORIGIN_READ = `
  (SELECT a.allow_overdue_instruments FROM account a WHERE a.id = $1 AND cardinality($9::text[]) > 0) AS allow_overdue,
  (SELECT coalesce(json_agg(json_build_object(
            'idx', x.n - 1, 'id', i.id, 'firmware', i.firmware, 'resource', i.resource,
            'last_station', i.last_station, 'last_used_ms', extract(epoch FROM i.last_used_at)::float8 * 1000,
            'due_on', ${latestDueOnInForce('i', '$1', `($7::timestamptz AT TIME ZONE 'UTC')::date`)})), '[]')
     FROM unnest($9::text[], $10::text[], $11::text[]) WITH ORDINALITY AS x(vendor, model, serial, n)
     JOIN instrument i ON i.account_id = $1 AND i.vendor = x.vendor AND i.model = x.model AND i.serial = x.serial
  ) AS instruments,
  (SELECT coalesce(json_agg(json_build_object('key', c.client_key, 'id', c.id, 'instrument_id', c.instrument_id)), '[]')
     FROM calibration_record c WHERE c.account_id = $1 AND c.client_key = ANY($12::text[])) AS calibrations`;

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
 * The run's origin set (run_origin_set, migration 1763860300000) found by its digest, as the
 * upload's store statement sets the run's `origin_set_id`: in steady operation the upload's only
 * origin work, one probe of the set's unique key; NULL when the set is new (the upload then sends
 * ORIGIN_SET_CREATE and RUN_ORIGIN_SET) or the run names nothing. `account` and `digest` are the
 * parameters of the account and of the set's digest (originSetDigest). The digest comes from the
 * API: computed in the statement it cost every upload naming its origin 35-42 µs of PostgreSQL's
 * CPU, and the set's find-or-create CTEs some 30 µs more, even when they found it
 * (docs/performance/history/reports-and-ingest-issue-40.md, 2026-11-30, "the digest from the API" and
 * "the set found by one probe").
 */
export const originSetFound = (account: string, digest: string) =>
  `(SELECT s.id FROM run_origin_set s WHERE s.account_id = ${account} AND s.digest = ${digest}::text)`;

/**
 * $1 account, $2-$6 a set's content (originSetParams): its id, the set made when new. Two uploads
 * creating one set at once: the second's insert waits for the first's row and, once it commits,
 * takes it by DO UPDATE, which acts on a row its statement's snapshot does not see (DO NOTHING
 * would answer no id); that rare update leaves the content as it was. The digest is the generated
 * column's, so a digest from the API that missed would only cost this statement more.
 */
export const ORIGIN_SET_CREATE = `
  INSERT INTO run_origin_set AS s (account_id, instrument_ids, instrument_roles, instrument_due_ons, calibration_ids,
                                   calibration_steps)
  VALUES ($1, $2::int[], $3::text[], $4::date[], $5::int[], $6::jsonb)
  ON CONFLICT (account_id, digest) DO UPDATE SET calibration_steps = s.calibration_steps
  RETURNING s.id`;

/**
 * $1 the run, $2 its start time (its partition), $3 its origin set: for a run stored before its set
 * was made. Fires no roll-up (run's update trigger watches is_first only).
 */
export const RUN_ORIGIN_SET = `UPDATE run SET origin_set_id = $3 WHERE id = $1 AND start_time = $2::timestamptz`;

/** The content of a run's origin set as ORIGIN_SET_CREATE takes it (originSetParams). */
export type OriginSetContent = [number[], string[], (string | null)[], number[], string];

/**
 * The content of a run's origin set as ORIGIN_SET_CREATE takes it (migration 1763860300000): the
 * instruments' ids, roles and due dates, the calibrations' ids and each one's step indices (a JSON array of
 * arrays), each list in id order and the step indices ascending, so that one content always makes
 * one digest, whatever order the upload named them in. The state at the run is not part of it: it
 * follows from the due date and the run's start (calibrationState), and is derived when read.
 */
export function originSetParams(origin: {
  instruments: readonly { id: number; role: string; dueOn: string | null }[];
  calibrations: readonly { id: number; stepIndices: readonly number[] }[];
}): OriginSetContent {
  const instruments = [...origin.instruments].sort((a, b) => a.id - b.id);
  const calibrations = [...origin.calibrations].sort((a, b) => a.id - b.id);
  return [
    instruments.map((i) => i.id),
    instruments.map((i) => i.role),
    instruments.map((i) => i.dueOn),
    calibrations.map((c) => c.id),
    JSON.stringify(calibrations.map((c) => [...c.stepIndices].sort((a, b) => a - b))),
  ];
}

/**
 * run_origin_digest (migration 1763860300000) of a content from originSetParams, as PostgreSQL
 * computes it: the md5 of the content as a JSON array printed the way jsonb prints it (", "
 * between items, strings escaped as JSON escapes them; a date is 'YYYY-MM-DD').
 */
export function originSetDigest(content: OriginSetContent): string {
  const [ids, roles, dueOns, calibrationIds, steps] = content;
  // the steps' JSON holds numbers and brackets only: jsonb's spacing without parsing it again
  const text = `${jsonbText([ids, roles, dueOns, calibrationIds]).slice(0, -1)}, ${steps.replaceAll(',', ', ')}]`;
  return createHash('md5').update(text, 'utf8').digest('hex');
}

type JsonItem = number | string | null | readonly JsonItem[];

/** A JSON value as jsonb's text output prints it. */
function jsonbText(value: JsonItem): string {
  return Array.isArray(value) ? `[${value.map(jsonbText).join(', ')}]` : JSON.stringify(value);
}
