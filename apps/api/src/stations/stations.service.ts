import { Injectable } from '@nestjs/common';
import {
  endpoints,
  urlOf,
  localDay,
  Refused,
  stationOperator,
  stationReportError,
  Verdict,
  type StationBoard,
  type StationReport,
  type StationStreamTicket,
  type StationVerdict,
} from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { VerificationCodesService } from '../auth/verification-codes.service';
import { API_PREFIX } from '../common/api-prefix';
import { RequestTransaction } from '../database/transaction';
import { instrumentWarningsOf } from './instrument-warnings';
import { StationsRepository, type UnitVerdicts } from './stations.repository';

/** Verdicts by unit and day at the station's zone: each unit's first and latest of the day by time. */
function unitVerdictsOf(verdicts: readonly StationVerdict[], zoneOffset: number): UnitVerdicts[] {
  const units = new Map<string, UnitVerdicts>();
  for (const v of [...verdicts].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))) {
    const day = localDay(Date.parse(v.at), zoneOffset);
    const passed = v.result === Verdict.Passed;
    const at = new Date(v.at).toISOString();
    const key = `${day} ${v.sn}`;
    const unit = units.get(key);
    if (unit) Object.assign(unit, { last_passed: passed, last_at: at });
    else
      units.set(key, { day, sn: v.sn, first_passed: passed, last_passed: passed, first_at: at, last_at: at });
  }
  return [...units.values()];
}

/**
 * The live floor's rules (docs/api/stations.md): a runner's report becomes its station's state
 * and is announced to every API instance on commit; a board reads the account's stations and
 * opens its event stream with a single-use ticket (a browser's EventSource sends no headers).
 */
@Injectable()
export class StationsService {
  constructor(
    private readonly stations: StationsRepository,
    private readonly codes: VerificationCodesService,
    private readonly transaction: RequestTransaction,
  ) {}

  /**
   * A report is one statement, which also announces it: most reports (a step moving on, a
   * heartbeat) carry no verdict, and at 150 reports/s the round trips to PostgreSQL were the API's
   * largest cost (docs/performance.md). One that carries a verdict runs in a transaction, which
   * counts the verdict's unit when it is new before announcing the station.
   */
  async report(acct: AccountCtx, body: unknown, byToken: boolean): Promise<void> {
    const problem = stationReportError(body);
    if (problem) throw new Refused(problem.field ? `${problem.field}: ${problem.message}` : problem.message);
    const claimed = body as StationReport;
    const report: StationReport = {
      ...claimed,
      operator: stationOperator({ name: acct.userName, byToken }, claimed.operator),
    };
    const verdict = report.lastVerdict;
    const queued = report.queuedVerdicts ?? [];
    if (!verdict && queued.length === 0) {
      await this.stations.save(acct.accountId, report, true);
      return;
    }
    await this.transaction.run(async () => {
      const saved = await this.stations.save(acct.accountId, report, false);
      // a heartbeat repeats the verdict it showed: only a new one counts a unit
      const isNew = verdict !== undefined && saved.previousVerdictAt?.getTime() !== Date.parse(verdict.at);
      const counted = isNew ? [...queued, verdict] : queued;
      const row =
        counted.length > 0
          ? await this.stations.countVerdicts(
              acct.accountId,
              report.station,
              unitVerdictsOf(counted, report.zoneOffset),
            )
          : saved.row;
      await this.stations.announce(acct.accountId, row);
    });
  }

  /**
   * The board: every station, each with the warnings of the instruments it used last that are due
   * for calibration or overdue (docs/api/stations.md, "Instrument warnings"), read for the whole
   * board at once. The stream's `station` events carry none: a board keeps what it read.
   */
  async board(accountId: number): Promise<StationBoard> {
    const serverTime = await this.stations.now();
    const stations = await this.stations.list(accountId);
    const warnings = instrumentWarningsOf(
      await this.stations.dueInstruments(accountId),
      serverTime.getTime(),
    );
    return {
      serverTime: serverTime.toISOString(),
      stations: stations.map((view) => {
        const lines = warnings.get(view.station);
        return lines ? { ...view, instrumentWarnings: lines } : view;
      }),
    };
  }

  async issueTicket(acct: AccountCtx): Promise<StationStreamTicket> {
    const ticket = await this.codes.issue(acct.userId, 'stations');
    return { url: `/${API_PREFIX}${urlOf(endpoints.stations.stream, { query: { ticket } })}` };
  }

  /** The member a ticket was issued to; the ticket is used up. */
  async followTicket(ticket: string): Promise<AccountCtx> {
    return this.stations.streamCaller(await this.codes.consumeCode(ticket, 'stations'));
  }
}
