import { Injectable } from '@nestjs/common';
import {
  CALIBRATION_DUE_DAYS,
  Forbidden,
  Refused,
  Role,
  STATION_MSG,
  STATION_SPC_ALARMS,
  type StationReport,
  type StationView,
} from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { Db } from '../database/transaction';
import { dueOnInForce } from '../instruments/certificate-in-force.sql';
import type { DueInstrumentRow } from './instrument-warnings';
import { type StationRow, stationViewOf } from './station-row';

/** A unit's verdicts of one day at a station: the first and the latest, with their times. */
export interface UnitVerdicts {
  /** YYYY-MM-DD at the station's zone. */
  day: string;
  sn: string;
  first_passed: boolean;
  last_passed: boolean;
  first_at: string;
  last_at: string;
}

/** The channel of every change of a station, on every API instance (station-listener.ts). */
export const STATION_CHANNEL = 'station_change';

/**
 * A NOTIFY payload: a station's row as its view's SQL reads it (the listener makes the view of it,
 * stationViewOf), or the name of one dropped.
 */
export type StationNotice = { a: number; v: StationRow } | { a: number; r: string };

/**
 * The open SPC alarms of the station's test (issue 41), newest first, each with its latest
 * violation, in the view's own statement: a report after an upload carries the alarm that upload
 * opened. The step's state points at its open alarm, so this reads the test's judged steps by
 * their key, and the latest violation by the violations' key (run ids grow with the uploads),
 * never a sort of an alarm's violations: it runs with every report.
 */
const SPC_ALARMS = `coalesce((
  SELECT json_agg(json_build_object('id', a.id, 'title', a.title, 'count', a.violation_count,
                                    'rules', lv.rules, 'above', lv.above, 'sn', lv.sn) ORDER BY a.id DESC)
    FROM (SELECT a.* FROM spc_step_state st
            JOIN spc_alarm a ON a.account_id = st.account_id AND a.id = st.open_alarm_id
           WHERE st.account_id = s.account_id AND st.seq_id = s.seq_id AND st.open_alarm_id IS NOT NULL
           ORDER BY a.id DESC LIMIT ${STATION_SPC_ALARMS}) a
    CROSS JOIN LATERAL (SELECT v.rules, v.above, v.sn FROM spc_violation v
                         WHERE v.account_id = a.account_id AND v.alarm_id = a.id
                         ORDER BY v.run_id DESC LIMIT 1) lv), '[]')`;
const VIEW_COLUMNS = `s.name, s.state, s.product_id, p.name AS product_name, s.seq_id, q.name AS test_name,
  s.sn, s.step, s.steps, s.operator, s.state_since, s.last_seen,
  s.verdict_sn, s.verdict_result, s.verdict_at,
  s.today_day IS NOT DISTINCT FROM (now() AT TIME ZONE 'UTC' + s.zone_offset * interval '1 hour')::date AS is_today,
  s.units, s.passes, s.first_passes, ${SPC_ALARMS} AS spc_alarms`;
const VIEW_JOINS = `LEFT JOIN product p ON p.account_id = s.account_id AND p.id = s.product_id
  LEFT JOIN seq q ON q.account_id = s.account_id AND q.id = s.seq_id`;

/** The SQL of the live floor (docs/api/stations.md). */
@Injectable()
export class StationsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Keeps the report as the station's state, in one statement: the product and test must be live
   * ones of the account, else nothing is written and the refusal says which. The station's time
   * in state starts again when the state or the unit changes. With `announce`, the statement also
   * tells every instance (on commit); without, the caller does, after counting a new verdict.
   * Answers the station's row and the verdict time stored before.
   *
   * Its transaction commits without waiting for the WAL's flush to disk (synchronous_commit off,
   * for this transaction only): that wait was the reports' slowest part (docs/performance.md,
   * "The live floor"). A crash of PostgreSQL may lose the reports of its last moments (at most
   * three times wal_writer_delay, 0.6 s by default); each runner reports again within 10 s, and
   * the runs themselves are uploaded and committed as before. Nothing is ever half-written.
   */
  async save(
    accountId: number,
    r: StationReport,
    announce: boolean,
  ): Promise<{ row: StationRow; previousVerdictAt: Date | null }> {
    const [result] = await this.db.prepared<
      StationRow & { product_ok: boolean; seq_ok: boolean; previous_verdict_at: Date | null }
    >(
      'station-save',
      `WITH checked AS (
         SELECT $4::int IS NULL OR p.id IS NOT NULL AS product_ok,
                $5::int IS NULL OR EXISTS (SELECT 1 FROM seq q WHERE q.account_id = $1 AND q.id = $5
                                             AND q.product_id = p.id AND q.deleted_at IS NULL) AS seq_ok
           FROM (SELECT 1) one
           LEFT JOIN product p ON p.account_id = $1 AND p.id = $4 AND p.deleted_at IS NULL),
       previous AS (SELECT verdict_at FROM station WHERE account_id = $1 AND name = $2),
       s AS (
         INSERT INTO station AS s (account_id, name, state, product_id, seq_id, sn, step, steps, operator,
                                   zone_offset, state_since, last_seen, verdict_sn, verdict_result, verdict_at)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now(), now(), $11, $12, $13
           FROM checked WHERE product_ok AND seq_ok
         ON CONFLICT (account_id, name) DO UPDATE SET
           state_since = CASE WHEN s.state = EXCLUDED.state AND s.sn IS NOT DISTINCT FROM EXCLUDED.sn
                              THEN s.state_since ELSE now() END,
           state = EXCLUDED.state, product_id = EXCLUDED.product_id, seq_id = EXCLUDED.seq_id,
           sn = EXCLUDED.sn, step = EXCLUDED.step, steps = EXCLUDED.steps, operator = EXCLUDED.operator,
           zone_offset = EXCLUDED.zone_offset, last_seen = now(), verdict_sn = EXCLUDED.verdict_sn,
           verdict_result = EXCLUDED.verdict_result, verdict_at = EXCLUDED.verdict_at
         RETURNING *),
       v AS (SELECT ${VIEW_COLUMNS} FROM s ${VIEW_JOINS}),
       told AS (SELECT pg_notify($14, json_build_object('a', $1::int, 'v', row_to_json(v))::text) FROM v WHERE $15)
       SELECT c.product_ok, c.seq_ok, (SELECT verdict_at FROM previous) AS previous_verdict_at,
              (SELECT count(*) FROM told) AS told, set_config('synchronous_commit', 'off', true) AS commit_mode, v.*
         FROM checked c LEFT JOIN v ON true`,
      [
        accountId,
        r.station,
        r.state,
        r.productId ?? null,
        r.seqId ?? null,
        r.sn ?? null,
        r.step ?? null,
        r.steps ?? null,
        r.operator ?? null,
        r.zoneOffset,
        r.lastVerdict?.sn ?? null,
        r.lastVerdict?.result ?? null,
        r.lastVerdict?.at ?? null,
        STATION_CHANNEL,
        announce,
      ],
    );
    if (!result!.product_ok) throw new Refused(`productId: ${STATION_MSG.unknownProduct}`);
    if (!result!.seq_ok) throw new Refused(`seqId: ${STATION_MSG.unknownTest}`);
    return { row: result!, previousVerdictAt: result!.previous_verdict_at };
  }

  /**
   * Verdicts of units on their days (each at the station's zone): a unit's first verdict of a day
   * is the earliest by time and its latest the latest, whatever order they arrive in (a unit
   * uploaded late from the runner's queue, docs/api/stations.md), and a verdict counted again
   * changes nothing. Then the station's counts are counted again for its current day: the latest
   * of the day it had and the verdicts' days (a few hundred units at most).
   */
  async countVerdicts(
    accountId: number,
    station: string,
    units: readonly UnitVerdicts[],
  ): Promise<StationRow> {
    await this.db.query(
      `INSERT INTO station_unit AS u (account_id, station, day, sn, first_passed, last_passed, first_at, last_at)
       SELECT $1, $2, x.day, x.sn, x.first_passed, x.last_passed, x.first_at, x.last_at
         FROM jsonb_to_recordset($3::jsonb) AS x(day date, sn text, first_passed boolean, last_passed boolean,
                                                  first_at timestamptz, last_at timestamptz)
       ON CONFLICT (account_id, station, day, sn) DO UPDATE SET
         first_passed = CASE WHEN EXCLUDED.first_at < u.first_at THEN EXCLUDED.first_passed ELSE u.first_passed END,
         first_at = LEAST(u.first_at, EXCLUDED.first_at),
         last_passed = CASE WHEN EXCLUDED.last_at >= u.last_at THEN EXCLUDED.last_passed ELSE u.last_passed END,
         last_at = GREATEST(u.last_at, EXCLUDED.last_at)`,
      [accountId, station, JSON.stringify(units)],
    );
    const latestDay = units.reduce((day, unit) => (unit.day > day ? unit.day : day), '');
    const [row] = await this.db.query<StationRow>(
      `WITH d AS (
         SELECT GREATEST(today_day, $3::date) AS day FROM station WHERE account_id = $1 AND name = $2),
       counts AS (
         SELECT count(*)::int AS units, (count(*) FILTER (WHERE last_passed))::int AS passes,
                (count(*) FILTER (WHERE first_passed))::int AS first_passes
           FROM station_unit u, d WHERE u.account_id = $1 AND u.station = $2 AND u.day = d.day),
       s AS (
         UPDATE station s SET today_day = d.day, units = c.units, passes = c.passes, first_passes = c.first_passes
           FROM counts c, d WHERE s.account_id = $1 AND s.name = $2 RETURNING s.*)
       SELECT ${VIEW_COLUMNS} FROM s ${VIEW_JOINS}`,
      [accountId, station, latestDay],
    );
    return row!;
  }

  /** Tells every API instance (and so every open board) of a station's row, when the transaction commits. */
  async announce(accountId: number, row: StationRow): Promise<void> {
    const notice: StationNotice = { a: accountId, v: row };
    await this.db.prepared('station-notify', 'SELECT pg_notify($1, $2)', [
      STATION_CHANNEL,
      JSON.stringify(notice),
    ]);
  }

  /** Every station of the account, in name order (the board sorts again, case-insensitively). */
  async list(accountId: number): Promise<StationView[]> {
    const rows = await this.db.query<StationRow>(
      `SELECT ${VIEW_COLUMNS} FROM station s ${VIEW_JOINS}
        WHERE s.account_id = $1 ORDER BY lower(s.name), s.name`,
      [accountId],
    );
    return rows.map(stationViewOf);
  }

  /**
   * The instruments whose last run was at one of the account's stations and whose certificate in
   * force today is due within CALIBRATION_DUE_DAYS or past due, for the whole board in one
   * statement (a day more: a station's zone may be a day ahead of UTC; instrumentWarningsOf
   * judges each on its station's day). The account's instruments are few: read by its key.
   */
  async dueInstruments(accountId: number): Promise<DueInstrumentRow[]> {
    const today = `(now() AT TIME ZONE 'UTC')::date`;
    return this.db.query<DueInstrumentRow>(
      `SELECT s.name AS station, s.zone_offset::float8 AS zone_offset, i.vendor, i.model, i.serial,
              d.due_on::text AS due_on
         FROM instrument i
         JOIN station s ON s.account_id = i.account_id AND s.name = i.last_station
        CROSS JOIN LATERAL (SELECT ${dueOnInForce('i.id', 'i.account_id', today)} AS due_on) d
        WHERE i.account_id = $1 AND d.due_on <= ${today} + $2::int
        ORDER BY s.name, d.due_on, i.vendor, i.model, i.serial`,
      [accountId, CALIBRATION_DUE_DAYS + 1],
    );
  }

  /** The server's clock, the one that stamps lastSeen: boards judge silence by it. */
  async now(): Promise<Date> {
    const [row] = await this.db.query<{ now: Date }>('SELECT now()');
    return row!.now;
  }

  /**
   * Drops stations silent for `days` (their units with them) and units of past days, telling the
   * boards. Safe on several instances at once: a row is deleted, and announced, once.
   */
  async dropSilent(days: number): Promise<number> {
    const rows = await this.db.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM station WHERE last_seen < now() - make_interval(days => $1) RETURNING account_id, name),
       told AS (SELECT pg_notify($2, json_build_object('a', account_id, 'r', name)::text) FROM gone)
       SELECT count(*)::int AS n FROM told`,
      [days, STATION_CHANNEL],
    );
    // a unit's row serves its station's counts of its day; two days covers every zone's today
    await this.db.query(`DELETE FROM station_unit WHERE day < (now() AT TIME ZONE 'UTC')::date - 2`);
    return rows[0]?.n ?? 0;
  }

  /** The member a board's stream ticket was issued to, while still an active member of an account. */
  async streamCaller(userId: number): Promise<AccountCtx> {
    const [user] = await this.db.query<{ account_id: number; name: string; role: Role }>(
      `SELECT account_id, name, role FROM app_user
        WHERE id = $1 AND is_active AND deleted_at IS NULL AND account_id IS NOT NULL`,
      [userId],
    );
    if (!user) throw new Forbidden('Only an active member of the account can watch its stations');
    return { accountId: user.account_id, userId, userName: user.name, role: user.role };
  }
}
