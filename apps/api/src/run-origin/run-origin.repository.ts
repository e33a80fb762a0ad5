import { Injectable } from '@nestjs/common';
import type { InstrumentSettings, InstrumentUse, RunOriginReport } from '@sweepline/domain';
import { Db } from '../database/transaction';
import { dueOnInForce } from '../instruments/certificate-in-force.sql';
import { RUN_ORIGIN_COLUMNS, type RunOriginRow, runOriginOf } from './run-origin.sql';

/** An instrument of a check that the account knows (one never seen is absent). */
export interface KnownInstrument {
  /** Its 1-based place in the body's list. */
  n: number;
  /** The due date of its certificate in force today; null: none. */
  due_on: string | null;
}

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
  async origin(accountId: number, runId: number): Promise<RunOriginReport | undefined> {
    const [row] = await this.db.query<RunOriginRow>(
      `SELECT ${RUN_ORIGIN_COLUMNS} FROM run r WHERE r.account_id = $1 AND r.id = $2`,
      [accountId, runId],
    );
    return row && runOriginOf(row);
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
