import { Injectable } from '@nestjs/common';
import {
  JUDGE_MEMORY,
  NotFound,
  SPC_LIMITS,
  type SpcAlarmState,
  type WesternElectricRule,
} from '@sweepline/domain';
import { STEP_VALUES_OF } from '../database/migrations/1763857400000-run-step-values';
import { Db } from '../database/transaction';

/** A step's frozen limits as stored. */
export interface LimitRow {
  productId: number;
  seqId: number;
  title: string;
  centre: number;
  sigmaWithin: number;
  baselineValues: number;
  baselineFrom: Date;
  baselineTo: Date;
  zoneOffset: number;
  frozenAt: Date;
  frozenBy: number | null;
  frozenByName: string;
}

/** A step of an uploaded run with frozen limits: its value and the judge's state, locked. */
export interface JudgeTarget {
  title: string;
  productId: number;
  centre: number;
  sigmaWithin: number;
  recent: number[];
  openAlarmId: string | null;
  value: number;
  sn: string;
}

/** The run a judgement is about, as run_step_value keys it. */
export interface JudgedRun {
  seqId: number;
  runId: number;
  startTime: Date;
}

export interface ViolationRow {
  runId: string;
  sn: string;
  startTime: Date;
  value: number;
  rules: WesternElectricRule[];
  above: boolean;
}

export interface AlarmRow {
  id: string;
  productId: number;
  seqId: number;
  seqName: string;
  title: string;
  openedAt: Date;
  violationCount: number;
  acknowledgedAt: Date | null;
  acknowledgedByName: string | null;
  note: string | null;
  /** The latest violations, newest first. */
  violations: ViolationRow[];
}

export interface AlarmFilter {
  productId?: number;
  seqId?: number;
  state?: SpcAlarmState;
  beforeId?: number;
}

export interface NoticeRow {
  alarmId: string;
  title: string;
  opened: boolean;
  rules: WesternElectricRule[];
  above: boolean;
}

export interface Subscriber {
  email: string;
  productName: string;
  seqName: string;
}

const LIMIT_COLUMNS = `product_id AS "productId", seq_id AS "seqId", title, centre, sigma_within AS "sigmaWithin",
  baseline_values AS "baselineValues", baseline_from AS "baselineFrom", baseline_to AS "baselineTo",
  zone_offset AS "zoneOffset", frozen_at AS "frozenAt", frozen_by AS "frozenBy", frozen_by_name AS "frozenByName"`;

/** An alarm with its test's name and its latest violations (violations in JSON: times as text). */
const ALARM_SELECT = `
  SELECT a.id, a.product_id AS "productId", a.seq_id AS "seqId", s.name AS "seqName", a.title,
         a.opened_at AS "openedAt", a.violation_count AS "violationCount",
         a.acknowledged_at AS "acknowledgedAt", a.acknowledged_by_name AS "acknowledgedByName", a.note,
         coalesce((SELECT json_agg(json_build_object('runId', v.run_id, 'sn', v.sn, 'startTime', v.start_time,
                                   'value', v.value, 'rules', v.rules, 'above', v.above) ORDER BY v.judged_at DESC, v.run_id DESC)
                     FROM (SELECT * FROM spc_violation v
                            WHERE v.account_id = a.account_id AND v.alarm_id = a.id
                            ORDER BY v.judged_at DESC, v.run_id DESC LIMIT ${SPC_LIMITS.latestViolations}) v), '[]') AS violations
    FROM spc_alarm a JOIN seq s ON s.id = a.seq_id AND s.account_id = a.account_id`;

/**
 * Production SPC's tables (migration 1763860000000): the one writer of spc_limit, spc_step_state,
 * spc_alarm, spc_violation and spc_subscription. Every statement is scoped to the account.
 */
@Injectable()
export class SpcRepository {
  constructor(private readonly db: Db) {}

  /** The live test's product (404 'Test not found' for another account's or a deleted one). */
  async seqProduct(accountId: number, seqId: number): Promise<number> {
    const [row] = await this.db.query<{ productId: number }>(
      `SELECT s.product_id AS "productId" FROM seq s JOIN product p ON p.id = s.product_id AND p.account_id = s.account_id
        WHERE s.id = $1 AND s.account_id = $2 AND s.deleted_at IS NULL AND p.deleted_at IS NULL`,
      [seqId, accountId],
    );
    if (!row) throw new NotFound('Test');
    return row.productId;
  }

  async limits(accountId: number, seqId: number, title: string): Promise<LimitRow | undefined> {
    const [row] = await this.db.query<LimitRow>(
      `SELECT ${LIMIT_COLUMNS} FROM spc_limit WHERE account_id = $1 AND seq_id = $2 AND title = $3`,
      [accountId, seqId, title],
    );
    return row;
  }

  /**
   * Writes the step's limits, replacing any, and gives the judge the step's last JUDGE_MEMORY
   * values before the freeze, oldest first, in the time order the control chart reads them
   * (AnalysisRepository.valuesBefore): a rule 2-4 window that straddles the freeze gives the same
   * verdict at upload as on the chart (docs/measurements.md, "Frozen limits on the chart"). An
   * open alarm stays open until a person acknowledges it.
   */
  async freeze(accountId: number, row: LimitRow): Promise<void> {
    await this.db.query(
      `WITH l AS (
         INSERT INTO spc_limit (account_id, seq_id, title, product_id, centre, sigma_within, baseline_values,
                                baseline_from, baseline_to, zone_offset, frozen_at, frozen_by, frozen_by_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         ON CONFLICT (account_id, seq_id, title) DO UPDATE SET
           product_id = EXCLUDED.product_id, centre = EXCLUDED.centre, sigma_within = EXCLUDED.sigma_within,
           baseline_values = EXCLUDED.baseline_values, baseline_from = EXCLUDED.baseline_from,
           baseline_to = EXCLUDED.baseline_to, zone_offset = EXCLUDED.zone_offset, frozen_at = EXCLUDED.frozen_at,
           frozen_by = EXCLUDED.frozen_by, frozen_by_name = EXCLUDED.frozen_by_name
         RETURNING account_id)
       INSERT INTO spc_step_state (account_id, seq_id, title, recent)
       SELECT account_id, $2, $3,
              ARRAY(SELECT b.value FROM (SELECT v.value, v.start_time, v.run_id FROM run_step_value v
                                          WHERE v.account_id = $1 AND v.seq_id = $2 AND v.title = $3
                                          ORDER BY v.start_time DESC, v.run_id DESC LIMIT $14) b
                     ORDER BY b.start_time, b.run_id)
         FROM l
       ON CONFLICT (account_id, seq_id, title) DO UPDATE SET recent = EXCLUDED.recent`,
      [
        accountId,
        row.seqId,
        row.title,
        row.productId,
        row.centre,
        row.sigmaWithin,
        row.baselineValues,
        row.baselineFrom,
        row.baselineTo,
        row.zoneOffset,
        row.frozenAt,
        row.frozenBy,
        row.frozenByName,
        JUDGE_MEMORY,
      ],
    );
  }

  /**
   * The run's values of the steps with frozen limits, read from the stored run as run_step_value
   * will hold them once folded (migration 1763861400000), each with its step's state, locked until
   * the upload commits: uploads of one step are judged one after another, in commit order. A test
   * without frozen limits costs this one indexed read and nothing more.
   */
  async judgeTargets(accountId: number, run: JudgedRun): Promise<JudgeTarget[]> {
    // prepared: every upload runs it, and planning it each time cost more than running it
    return this.db.prepared<JudgeTarget>(
      'spc-judge-targets',
      `SELECT st.title, l.product_id AS "productId", l.centre, l.sigma_within AS "sigmaWithin", st.recent,
              st.open_alarm_id AS "openAlarmId", v.value, v.sn
         FROM spc_step_state st
         JOIN spc_limit l USING (account_id, seq_id, title)
         JOIN (${STEP_VALUES_OF('(SELECT * FROM run WHERE account_id = $1 AND start_time = $3 AND id = $4)')})
              AS v(account_id, seq_id, title, start_time, run_id, sn, seq_version, value, lower, upper, unit)
           ON v.title = st.title
        WHERE st.account_id = $1 AND st.seq_id = $2
        ORDER BY st.title
          FOR UPDATE OF st`,
      [accountId, run.seqId, run.startTime, run.runId],
    );
  }

  /** Each judged step's carried values and open alarm, in one statement. */
  async saveStates(
    accountId: number,
    seqId: number,
    states: { title: string; recent: number[]; openAlarmId: string | null }[],
  ): Promise<void> {
    await this.db.prepared(
      'spc-save-states',
      `UPDATE spc_step_state st
          SET recent = ARRAY(SELECT jsonb_array_elements_text(x.recent)::float8), open_alarm_id = x.alarm
         FROM jsonb_to_recordset($3::jsonb) AS x(title text, recent jsonb, alarm bigint)
        WHERE st.account_id = $1 AND st.seq_id = $2 AND st.title = x.title`,
      [
        accountId,
        seqId,
        JSON.stringify(states.map((s) => ({ title: s.title, recent: s.recent, alarm: s.openAlarmId }))),
      ],
    );
  }

  /** A new alarm on the step, opened by this run's value; its id. */
  async openAlarm(accountId: number, productId: number, run: JudgedRun, title: string): Promise<string> {
    const [row] = await this.db.query<{ id: string }>(
      `INSERT INTO spc_alarm (account_id, product_id, seq_id, title, opened_run_id)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [accountId, productId, run.seqId, title, run.runId],
    );
    return row!.id;
  }

  /** The value joins the alarm, which counts it. */
  async addViolation(
    accountId: number,
    alarmId: string,
    run: JudgedRun,
    v: { sn: string; value: number; rules: readonly WesternElectricRule[]; above: boolean },
  ): Promise<void> {
    await this.db.query(
      `WITH added AS (
         INSERT INTO spc_violation (account_id, alarm_id, run_id, sn, start_time, value, rules, above)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING alarm_id)
       UPDATE spc_alarm SET violation_count = violation_count + 1
        WHERE account_id = $1 AND id = (SELECT alarm_id FROM added)`,
      [accountId, alarmId, run.runId, v.sn, run.startTime, v.value, v.rules, v.above],
    );
  }

  async alarms(accountId: number, filter: AlarmFilter, limit: number): Promise<AlarmRow[]> {
    return this.db.query<AlarmRow>(
      `${ALARM_SELECT}
        WHERE a.account_id = $1
          AND ($2::int IS NULL OR a.product_id = $2) AND ($3::int IS NULL OR a.seq_id = $3)
          AND ($4::text IS NULL OR (a.acknowledged_at IS NULL) = ($4 = 'open'))
          AND ($5::bigint IS NULL OR a.id < $5)
        ORDER BY a.id DESC LIMIT $6`,
      [
        accountId,
        filter.productId ?? null,
        filter.seqId ?? null,
        filter.state ?? null,
        filter.beforeId ?? null,
        limit,
      ],
    );
  }

  /** The alarm (404 for another account's). */
  async alarm(accountId: number, id: number): Promise<AlarmRow> {
    const [row] = await this.db.query<AlarmRow>(`${ALARM_SELECT} WHERE a.account_id = $1 AND a.id = $2`, [
      accountId,
      id,
    ]);
    if (!row) throw new NotFound('Alarm');
    return row;
  }

  /**
   * Closes the open alarm with who and why, and lets the step's next violation open a new one;
   * false when no open alarm of the account has this id. The step's state is locked before the
   * alarm, in the order the upload's judge locks them, so the two take turns without a deadlock.
   */
  async acknowledge(
    accountId: number,
    id: number,
    who: { userId: number | null; userName: string; note: string },
  ): Promise<boolean> {
    await this.db.query(
      `UPDATE spc_step_state st SET open_alarm_id = NULL
         FROM spc_alarm a
        WHERE a.account_id = $1 AND a.id = $2
          AND st.account_id = a.account_id AND st.seq_id = a.seq_id AND st.title = a.title AND st.open_alarm_id = a.id`,
      [accountId, id],
    );
    const closed = await this.db.query(
      `UPDATE spc_alarm SET acknowledged_at = now(), acknowledged_by = $3, acknowledged_by_name = $4, note = $5
        WHERE account_id = $1 AND id = $2 AND acknowledged_at IS NULL RETURNING id`,
      [accountId, id, who.userId, who.userName, who.note],
    );
    return closed.length > 0;
  }

  /** What the run did to its steps' alarms. */
  async runNotices(accountId: number, runId: number): Promise<NoticeRow[]> {
    return this.db.query<NoticeRow>(
      `SELECT v.alarm_id AS "alarmId", a.title, a.opened_run_id = v.run_id AS opened, v.rules, v.above
         FROM spc_violation v JOIN spc_alarm a ON a.account_id = v.account_id AND a.id = v.alarm_id
        WHERE v.account_id = $1 AND v.run_id = $2
        ORDER BY a.title`,
      [accountId, runId],
    );
  }

  /** The run is the account's (404 'Run not found' otherwise). */
  async runExists(accountId: number, runId: number): Promise<void> {
    const [row] = await this.db.query(`SELECT 1 FROM run WHERE account_id = $1 AND id = $2`, [
      accountId,
      runId,
    ]);
    if (!row) throw new NotFound('Run');
  }

  /** The live product's subscribers who can read mail (active, not deleted), with the names a mail shows. */
  async subscribers(accountId: number, productId: number, seqId: number): Promise<Subscriber[]> {
    return this.db.query<Subscriber>(
      `SELECT u.email, p.name AS "productName", s.name AS "seqName"
         FROM spc_subscription sub
         JOIN app_user u ON u.id = sub.user_id AND u.account_id = sub.account_id
         JOIN product p ON p.id = sub.product_id AND p.account_id = sub.account_id
         JOIN seq s ON s.id = $3 AND s.account_id = sub.account_id
        WHERE sub.account_id = $1 AND sub.product_id = $2 AND u.is_active AND u.deleted_at IS NULL
        ORDER BY u.email`,
      [accountId, productId, seqId],
    );
  }

  /** The live product is the account's (404 'Product not found' otherwise). */
  async product(accountId: number, productId: number): Promise<void> {
    const [row] = await this.db.query(
      `SELECT 1 FROM product WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL`,
      [productId, accountId],
    );
    if (!row) throw new NotFound('Product');
  }

  async subscribed(accountId: number, productId: number, userId: number): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM spc_subscription WHERE account_id = $1 AND product_id = $2 AND user_id = $3`,
      [accountId, productId, userId],
    );
    return rows.length > 0;
  }

  async subscribe(accountId: number, productId: number, userId: number): Promise<void> {
    await this.db.query(
      `INSERT INTO spc_subscription (account_id, product_id, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [accountId, productId, userId],
    );
  }

  async unsubscribe(accountId: number, productId: number, userId: number): Promise<void> {
    await this.db.query(
      `DELETE FROM spc_subscription WHERE account_id = $1 AND product_id = $2 AND user_id = $3`,
      [accountId, productId, userId],
    );
  }
}
