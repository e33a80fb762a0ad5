import { Injectable } from '@nestjs/common';
import type { InstrumentSettings, InstrumentUse, RunOriginReport } from '@sweepline/domain';
import { Db } from '../database/transaction';
import { dueOnInForce } from '../instruments/certificate-in-force.sql';

/** A run's origin as stored, before `recorded` is judged. */
export type StoredOrigin = Omit<RunOriginReport, 'recorded'>;

/** An instrument of a check that the account knows (one never seen is absent). */
export interface KnownInstrument {
  /** Its 1-based place in the body's list. */
  n: number;
  /** The due date of its certificate in force today; null: none. */
  due_on: string | null;
}

/** An ISO time as Date.toISOString writes it. */
const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A run's instruments (as they are now, with their certificate state at the run's start) and
 * calibrations (with their age at the run's start and the 1-based step results they measured).
 * run_instrument and run_calibration are read by their primary keys, which start with run_id.
 */
const ORIGIN = `
  SELECT r.station, r.runner_version AS "runnerVersion", r.measured_overdue AS "measuredOverdue",
         coalesce((
           SELECT json_agg(json_build_object('id', i.id, 'role', ri.role, 'vendor', i.vendor, 'model', i.model,
                    'serial', i.serial, 'firmware', i.firmware, 'stateAtRun', ri.state_at_run, 'dueOn', ri.due_on)
                    ORDER BY ri.role, i.model, i.serial)
             FROM run_instrument ri JOIN instrument i ON i.id = ri.instrument_id AND i.account_id = ri.account_id
            WHERE ri.run_id = r.id AND ri.account_id = r.account_id), '[]') AS instruments,
         coalesce((
           SELECT json_agg(json_build_object('id', c.id, 'kind', c.kind, 'ecalSerial', c.ecal_serial,
                    'ports', c.ports, 'startMHz', c.start_mhz, 'stopMHz', c.stop_mhz, 'madeAt', ${ISO('c.made_at')},
                    'madeBy', c.made_by, 'instrumentId', c.instrument_id,
                    'ageSeconds', extract(epoch FROM r.start_time - c.made_at)::float8,
                    'stepNos', (SELECT coalesce(json_agg(x + 1 ORDER BY x), '[]') FROM unnest(rc.step_indices) x))
                    ORDER BY c.made_at, c.id)
             FROM run_calibration rc
             JOIN calibration_record c ON c.id = rc.calibration_id AND c.account_id = rc.account_id
            WHERE rc.run_id = r.id AND rc.account_id = r.account_id), '[]') AS calibrations
    FROM run r
   WHERE r.account_id = $1 AND r.id = $2`;

/**
 * $1 account, $2-$4 the instruments' vendors, models and serials: the due date in force today
 * (UTC) of each one the account knows, by its 1-based place in the lists.
 */
const CHECK = `
  SELECT x.n::int AS n,
         to_char(${dueOnInForce('i.id', '$1', `(now() AT TIME ZONE 'UTC')::date`)}, 'YYYY-MM-DD') AS due_on
    FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS x(vendor, model, serial, n)
    JOIN instrument i ON i.account_id = $1 AND i.vendor = x.vendor AND i.model = x.model AND i.serial = x.serial`;

/**
 * The SQL of what measured a run: the origin report, the runner's check of its instruments, and
 * the account's instrument setting (its one writer; the upload records origins: RunUploadRepository).
 */
@Injectable()
export class RunOriginRepository {
  constructor(private readonly db: Db) {}

  /** The origin of a run of the account; undefined for another account's run or none. */
  async origin(accountId: number, runId: number): Promise<StoredOrigin | undefined> {
    const [row] = await this.db.query<StoredOrigin>(ORIGIN, [accountId, runId]);
    return row;
  }

  /** The instruments of `instruments` the account knows, each with its due date in force today. */
  known(accountId: number, instruments: readonly InstrumentUse[]): Promise<KnownInstrument[]> {
    return this.db.query<KnownInstrument>(CHECK, [
      accountId,
      instruments.map((i) => i.vendor),
      instruments.map((i) => i.model),
      instruments.map((i) => i.serial),
    ]);
  }

  async settings(accountId: number): Promise<InstrumentSettings> {
    const [row] = await this.db.query<InstrumentSettings>(
      `SELECT allow_overdue_instruments AS "allowOverdue" FROM account WHERE id = $1`,
      [accountId],
    );
    return row!;
  }

  /** Saves the setting, answering it as it was and as it is, in one atomic statement. */
  async saveSettings(
    accountId: number,
    settings: InstrumentSettings,
  ): Promise<{ before: InstrumentSettings; after: InstrumentSettings }> {
    const [row] = await this.db.query<{ before: InstrumentSettings; after: InstrumentSettings }>(
      `WITH old AS (SELECT id, allow_overdue_instruments FROM account WHERE id = $1 FOR UPDATE)
       UPDATE account a SET allow_overdue_instruments = $2 FROM old WHERE a.id = old.id
       RETURNING json_build_object('allowOverdue', old.allow_overdue_instruments) AS before,
                 json_build_object('allowOverdue', a.allow_overdue_instruments) AS after`,
      [accountId, settings.allowOverdue],
    );
    return row!;
  }
}
