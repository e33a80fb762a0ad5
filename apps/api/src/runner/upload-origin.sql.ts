import { dueOnInForce } from '../instruments/certificate-in-force.sql';

/** A column of `instrument` as a run sets it: the newer run's value, else the one kept. */
const newer = (column: string) =>
  `${column} = CASE WHEN i.last_used_at > EXCLUDED.last_used_at THEN coalesce(i.${column}, EXCLUDED.${column})
                    ELSE coalesce(EXCLUDED.${column}, i.${column}) END`;

/**
 * What an upload with instruments or calibrations writes before its run, in one statement, sent
 * only when it names some (docs/traceability.md, "Recording at upload"). $1 account, $2 the run's
 * start, $3 its station; $4-$9 the instruments (roles, vendors, models, serials, firmwares,
 * resources); $10-$18 the whole calibrations (keys, instrument indices, kinds, ECal serials, ports,
 * starts, stops, times, operators); $19 the keys sent alone.
 * Each instrument is registered at its first run; a run newer than its last use sets its firmware,
 * resource and station (a late run from the offline queue only fills what is missing). The due
 * date in force on the run's UTC day comes with it (dueOnInForce). A whole calibration is recorded
 * under its key unless the key is known; the known ones are read from the statement's snapshot,
 * which the new ones are not in. Two uploads recording one new key at once: the later one finds
 * it neither new nor known and answers it unknown, and the runner sends it whole again.
 */
export const ORIGIN = `
  WITH input AS (
    SELECT x.*, x.n - 1 AS idx
      FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
           WITH ORDINALITY AS x(role, vendor, model, serial, firmware, resource, n)
  ), registered AS (
    INSERT INTO instrument AS i (account_id, role, vendor, model, serial, firmware, resource, last_station, last_used_at)
    -- rows are locked in one order whatever the upload's, so two uploads cannot deadlock on them
    SELECT $1, role, vendor, model, serial, firmware, resource, $3, $2 FROM input ORDER BY vendor, model, serial
    ON CONFLICT (account_id, vendor, model, serial) DO UPDATE
       SET ${newer('firmware')}, ${newer('resource')}, ${newer('last_station')},
           last_used_at = greatest(i.last_used_at, EXCLUDED.last_used_at)
    RETURNING i.id, i.vendor, i.model, i.serial,
              to_char(${dueOnInForce('i.id', '$1', `($2::timestamptz AT TIME ZONE 'UTC')::date`)}, 'YYYY-MM-DD') AS due_on
  ), used AS (
    SELECT input.idx, r.id, r.due_on FROM input JOIN registered r USING (vendor, model, serial)
  ), recorded AS (
    INSERT INTO calibration_record (account_id, client_key, instrument_id, kind, ecal_serial, ports, start_mhz,
                                    stop_mhz, made_at, made_by)
    SELECT $1, w.key, used.id, w.kind, w.ecal, w.ports, w.start, w.stop, w.made_at, w.made_by
      FROM unnest($10::text[], $11::int[], $12::text[], $13::text[], $14::text[], $15::float8[], $16::float8[],
                  $17::timestamptz[], $18::text[]) AS w(key, instrument, kind, ecal, ports, start, stop, made_at, made_by)
      JOIN used ON used.idx = w.instrument
     ORDER BY w.key
    ON CONFLICT (account_id, client_key) DO NOTHING
    RETURNING id, client_key AS key, instrument_id
  )
  SELECT (SELECT allow_overdue_instruments FROM account WHERE id = $1) AS allow_overdue,
         (SELECT coalesce(json_agg(used), '[]') FROM used) AS instruments,
         (SELECT coalesce(json_agg(c), '[]') FROM (
            SELECT * FROM recorded
            UNION ALL
            SELECT id, client_key, instrument_id FROM calibration_record
             WHERE account_id = $1 AND client_key = ANY($10::text[] || $19::text[])) c) AS calibrations`;
