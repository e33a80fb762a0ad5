import { Injectable } from '@nestjs/common';
import {
  auditChanges,
  calibrationState,
  InstrumentCheckAnswer,
  instrumentCheckError,
  InstrumentCheckBody,
  InstrumentSettings,
  NotFound,
  RunOriginReport,
} from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { AuditTrail } from '../audit/audit-trail';
import { refuseFirst } from '../common/refusals';
import { RunOriginRepository } from './run-origin.repository';

/**
 * What measured a run (docs/traceability.md): its origin report (GET /runs/:id/origin), the
 * runner's check of its instruments before it measures, and the account's setting that allows
 * measuring with an overdue instrument.
 */
@Injectable()
export class RunOriginService {
  constructor(
    private readonly repo: RunOriginRepository,
    private readonly audit: AuditTrail,
  ) {}

  /** A run's origin; 404 for another account's run or none. */
  async report(acct: AccountCtx, runId: number): Promise<RunOriginReport> {
    const origin = await this.repo.origin(acct.accountId, runId);
    if (!origin) throw new NotFound('Run');
    return origin;
  }

  /**
   * Each instrument's state today (UTC), by the certificate in force: 'unknown' for one the
   * account has never seen. Stores nothing: an instrument is registered by its first run.
   */
  async check(acct: AccountCtx, body: unknown): Promise<InstrumentCheckAnswer> {
    const problem = instrumentCheckError(body);
    refuseFirst(problem ? [problem] : []);
    const { instruments } = body as InstrumentCheckBody;
    const known = await this.repo.known(acct.accountId, instruments);
    const dueOn = new Map(known.map((k) => [k.n - 1, k.due_on]));
    const now = Date.now();
    const { allowOverdue } = await this.repo.settings(acct.accountId);
    return {
      allowOverdue,
      instruments: instruments.map((i, n) => {
        const due = dueOn.get(n) ?? null;
        return { serial: i.serial, model: i.model, dueOn: due, ...calibrationState(due, now, 0) };
      }),
    };
  }

  settings(acct: AccountCtx): Promise<InstrumentSettings> {
    return this.repo.settings(acct.accountId);
  }

  /** Saves the setting; a change is a row of the audit trail, as the release settings' are. */
  async saveSettings(acct: AccountCtx, settings: InstrumentSettings): Promise<InstrumentSettings> {
    const { before, after } = await this.repo.saveSettings(acct.accountId, settings);
    const changes = auditChanges({ ...before }, { ...after });
    if (changes.length > 0)
      await this.audit.record(acct, { thing: 'account', thingId: acct.accountId, action: 'update', changes });
    return after;
  }
}
