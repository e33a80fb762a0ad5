import { Injectable } from '@nestjs/common';
import {
  acknowledgementNoteError,
  auditChanges,
  Conflict,
  Refused,
  ruleText,
  spcAlarmLine,
  SPC_LIMITS,
  SPC_MSG,
  type FrozenLimits,
  type FrozenLimitsAnswer,
  type RunSpcNotice,
  type SpcAlarm,
  type SpcAlarmPage,
  type SpcSubscription,
} from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { AuditTrail } from '../audit/audit-trail';
import { AnalysisService } from '../reports/analysis.service';
import { reportRange } from '../reports/report-range';
import type { FreezeLimitsDto, FrozenLimitsQueryDto, SpcAlarmsQueryDto } from './dto/spc.dto';
import { type AlarmRow, type LimitRow, SpcRepository } from './spc.repository';

const side = (above: boolean) => (above ? 'above' : 'below');

function frozenLimits(row: LimitRow): FrozenLimits {
  return {
    productId: row.productId,
    seqId: row.seqId,
    step: row.title,
    centre: row.centre,
    sigmaWithin: row.sigmaWithin,
    lowerLimit: row.centre - 3 * row.sigmaWithin,
    upperLimit: row.centre + 3 * row.sigmaWithin,
    baselineValues: row.baselineValues,
    baselineFrom: row.baselineFrom.toISOString(),
    baselineTo: row.baselineTo.toISOString(),
    zoneOffset: row.zoneOffset,
    frozenAt: row.frozenAt.toISOString(),
    frozenBy: row.frozenBy,
    frozenByName: row.frozenByName,
  };
}

function alarmOf(row: AlarmRow): SpcAlarm {
  return {
    id: Number(row.id),
    productId: row.productId,
    seqId: row.seqId,
    seqName: row.seqName,
    step: row.title,
    state: row.acknowledgedAt === null ? 'open' : 'acknowledged',
    openedAt: row.openedAt.toISOString(),
    violationCount: row.violationCount,
    violations: row.violations.map((v) => ({
      runId: Number(v.runId),
      sn: v.sn,
      startTime: new Date(v.startTime).toISOString(),
      value: v.value,
      rules: v.rules,
      side: side(v.above),
      text: ruleText(v.rules, side(v.above)),
    })),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    acknowledgedByName: row.acknowledgedByName,
    note: row.note,
  };
}

/** The audited fields of frozen limits (docs/audit.md). */
const auditedOf = (row: LimitRow | undefined) =>
  row
    ? {
        centre: row.centre,
        sigmaWithin: row.sigmaWithin,
        baselineValues: row.baselineValues,
        baselineFrom: row.baselineFrom.toISOString(),
        baselineTo: row.baselineTo.toISOString(),
        zoneOffset: row.zoneOffset,
      }
    : {};

/** docs/api/spc.md: frozen limits, the alarms list and acknowledgement, the alarm mail. */
@Injectable()
export class SpcService {
  constructor(
    private readonly repo: SpcRepository,
    private readonly analysis: AnalysisService,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * The baseline's centre and σ within are the capability figures of the range (the same values
   * the control chart reads, refused alike when the test has no such step or only text there).
   */
  async freeze(acct: AccountCtx, body: FreezeLimitsDto): Promise<FrozenLimits> {
    const seqId = Number(body.seq_id);
    const productId = await this.repo.seqProduct(acct.accountId, seqId);
    const { figures } = await this.analysis.capability(acct, body);
    if (figures.n < SPC_LIMITS.baselineValues || figures.mean === null || figures.sigmaWithin === null)
      throw new Refused(SPC_MSG.tooFewValues(body.step, figures.n));
    if (!(figures.sigmaWithin > 0)) throw new Refused(SPC_MSG.zeroSpread(body.step));
    const range = reportRange(body);
    const before = await this.repo.limits(acct.accountId, seqId, body.step);
    const row: LimitRow = {
      productId,
      seqId,
      title: body.step,
      centre: figures.mean,
      sigmaWithin: figures.sigmaWithin,
      baselineValues: figures.n,
      baselineFrom: new Date(range.from),
      baselineTo: new Date(range.until),
      zoneOffset: range.offsetMinutes / 60,
      // to the millisecond, as timestamptz keeps it and the audit row says it
      frozenAt: new Date(),
      frozenBy: acct.apiTokenId === undefined ? acct.userId : null,
      frozenByName: acct.userName,
    };
    await this.repo.freeze(acct.accountId, row);
    // a step's limits are keyed by its title (the analytics' step), which the trail names
    await this.audit.record(acct, {
      thing: 'step',
      thingId: body.step,
      productId,
      seqId,
      action: before ? 'refreeze_spc_limits' : 'freeze_spc_limits',
      changes: auditChanges(auditedOf(before), auditedOf(row)),
    });
    return frozenLimits(row);
  }

  async limits(acct: AccountCtx, query: FrozenLimitsQueryDto): Promise<FrozenLimitsAnswer> {
    const seqId = Number(query.seq_id);
    await this.repo.seqProduct(acct.accountId, seqId);
    const row = await this.repo.limits(acct.accountId, seqId, query.step);
    return { limits: row ? frozenLimits(row) : null };
  }

  async alarms(acct: AccountCtx, query: SpcAlarmsQueryDto): Promise<SpcAlarmPage> {
    // a filter naming another account's product or test answers 404, as every call does
    if (query.product_id !== undefined) await this.repo.product(acct.accountId, Number(query.product_id));
    if (query.seq_id !== undefined) await this.repo.seqProduct(acct.accountId, Number(query.seq_id));
    const pageSize = SPC_LIMITS.pageSize;
    // one more than a page says whether another page follows
    const rows = await this.repo.alarms(
      acct.accountId,
      {
        productId: query.product_id === undefined ? undefined : Number(query.product_id),
        seqId: query.seq_id === undefined ? undefined : Number(query.seq_id),
        state: query.state,
        beforeId: query.before_id === undefined ? undefined : Number(query.before_id),
      },
      pageSize + 1,
    );
    const alarms = rows.slice(0, pageSize).map(alarmOf);
    return { alarms, nextBeforeId: rows.length > pageSize ? alarms.at(-1)!.id : null };
  }

  async acknowledge(acct: AccountCtx, alarmId: number, note: unknown): Promise<SpcAlarm> {
    const wrong = acknowledgementNoteError(note);
    if (wrong) throw new Refused(wrong);
    const closed = await this.repo.acknowledge(acct.accountId, alarmId, {
      userId: acct.apiTokenId === undefined ? acct.userId : null,
      userName: acct.userName,
      note: (note as string).trim(),
    });
    // 404 for no such alarm of the account, before saying it was acknowledged already
    const alarm = alarmOf(await this.repo.alarm(acct.accountId, alarmId));
    if (!closed) throw new Conflict(SPC_MSG.acknowledged(alarmId));
    return alarm;
  }

  async runNotices(acct: AccountCtx, runId: number): Promise<RunSpcNotice[]> {
    await this.repo.runExists(acct.accountId, runId);
    const rows = await this.repo.runNotices(acct.accountId, runId);
    return rows.map((row) => ({
      alarmId: Number(row.alarmId),
      step: row.title,
      opened: row.opened,
      rules: row.rules,
      side: side(row.above),
      line: spcAlarmLine(row.title, row.rules, side(row.above)),
    }));
  }

  async subscription(acct: AccountCtx, productId: number): Promise<SpcSubscription> {
    await this.repo.product(acct.accountId, productId);
    return { productId, subscribed: await this.repo.subscribed(acct.accountId, productId, acct.userId) };
  }

  async subscribe(acct: AccountCtx, productId: number, on: boolean): Promise<SpcSubscription> {
    await this.repo.product(acct.accountId, productId);
    if (on) await this.repo.subscribe(acct.accountId, productId, acct.userId);
    else await this.repo.unsubscribe(acct.accountId, productId, acct.userId);
    return { productId, subscribed: on };
  }
}
