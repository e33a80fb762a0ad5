import { Injectable } from '@nestjs/common';
import {
  localDay,
  Refused,
  STATION_PATHS,
  stationReportError,
  Verdict,
  type StationBoard,
  type StationReport,
  type StationStreamTicket,
} from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { VerificationCodesService } from '../auth/verification-codes.service';
import { API_PREFIX } from '../common/api-prefix';
import { StationsRepository } from './stations.repository';

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
  ) {}

  async report(acct: AccountCtx, body: unknown): Promise<void> {
    const problem = stationReportError(body);
    if (problem) throw new Refused(problem.field ? `${problem.field}: ${problem.message}` : problem.message);
    const report = body as StationReport;
    if (report.productId !== undefined)
      await this.stations.checkProduct(acct.accountId, report.productId, report.seqId);
    const saved = await this.stations.save(acct.accountId, report);
    let view = saved.view;
    const verdict = report.lastVerdict;
    // a heartbeat repeats the verdict it showed: only a new one counts a unit
    if (verdict && saved.previousVerdictAt?.getTime() !== Date.parse(verdict.at)) {
      const day = localDay(Date.parse(verdict.at), report.zoneOffset);
      view = await this.stations.countVerdict(
        acct.accountId,
        report.station,
        day,
        verdict.sn,
        verdict.result === Verdict.Passed,
      );
    }
    await this.stations.notify({ a: acct.accountId, v: view });
  }

  async board(accountId: number): Promise<StationBoard> {
    const serverTime = await this.stations.now();
    return { serverTime: serverTime.toISOString(), stations: await this.stations.list(accountId) };
  }

  async issueTicket(acct: AccountCtx): Promise<StationStreamTicket> {
    const ticket = await this.codes.issue(acct.userId, 'stations');
    return { url: `/${API_PREFIX}/${STATION_PATHS.stream}?ticket=${ticket}` };
  }

  /** The member a ticket was issued to; the ticket is used up. */
  async followTicket(ticket: string): Promise<AccountCtx> {
    return this.stations.streamCaller(await this.codes.consumeCode(ticket, 'stations'));
  }
}
