import { Injectable } from '@nestjs/common';
import {
  type ContainmentAnswer,
  type ContainmentUnit,
  dayBounds,
  dayNumber,
  NotFound,
  ORIGIN_LIMITS,
  ORIGIN_MSG,
  Refused,
  type RetestAnswer,
} from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import type { SerialNumberRow } from '../serial-numbers/serial-numbers.repository';
import { StageVisits } from '../serial-numbers/stage-visits.service';
import { containmentCsv } from './containment-csv';
import {
  type ContainmentCriteria,
  type ContainmentRange,
  ContainmentRepository,
  type ContainmentRunRow,
} from './containment.repository';
import type { ContainmentQueryDto, RetestDto } from './dto/containment.dto';

/** The runs grouped by unit: units in the order of their newest run, each unit's runs newest first. */
function unitsOf(rows: readonly ContainmentRunRow[]): ContainmentUnit[] {
  const units = new Map<number, ContainmentUnit>();
  for (const row of rows) {
    let unit = units.get(row.snId);
    if (!unit) {
      const { snId, sn, productId, productName, stageNo, finished } = row;
      unit = { snId, sn, productId, productName, stageNo, finished, runs: [] };
      units.set(row.snId, unit);
    }
    const { runId, runNo, seqName, startTime, result, station, operator } = row;
    unit.runs.push({ runId, runNo, seqName, startTime, result, station, operator });
  }
  return [...units.values()];
}

/**
 * Containment (docs/api/instruments.md, "Containment"): every unit and run an instrument, a
 * calibration, a station or an operator measured in a range of days, its CSV, and sending units
 * back to a stage for retest by the specification's stage jump.
 */
@Injectable()
export class ContainmentService {
  constructor(
    private readonly repo: ContainmentRepository,
    private readonly visits: StageVisits,
  ) {}

  async list(acct: AccountCtx, query: ContainmentQueryDto): Promise<ContainmentAnswer> {
    const { criteria, range } = await this.checked(acct, query);
    const limit = ORIGIN_LIMITS.containmentRuns;
    // one run more than shown says whether there are more
    const rows = await this.repo.runs(acct.accountId, criteria, range, limit + 1);
    const runs = rows.slice(0, limit);
    return { units: unitsOf(runs), runCount: runs.length, truncated: rows.length > limit };
  }

  /** Every run of the query, one CSV line each (no limit: the export is the whole answer). */
  async csv(acct: AccountCtx, query: ContainmentQueryDto): Promise<string> {
    const { criteria, range } = await this.checked(acct, query);
    return containmentCsv(await this.repo.runs(acct.accountId, criteria, range));
  }

  /**
   * Each unit back to `stage_no` of its own product, by the stage jump (one per product, each
   * audited as a jump is); all of them or, on the first refusal, none (the request's transaction).
   */
  async retest(acct: AccountCtx, body: RetestDto): Promise<RetestAnswer> {
    const ids = [...new Set(body.sn_ids)];
    const units = await this.visits.lockByIds(acct.accountId, ids);
    if (units.length !== ids.length) throw new NotFound('Serial number');
    const byProduct = new Map<number, SerialNumberRow[]>();
    for (const unit of units)
      byProduct.set(unit.product_id, [...(byProduct.get(unit.product_id) ?? []), unit]);
    for (const [productId, ofProduct] of byProduct) {
      const product = { id: productId, name: ofProduct[0]!.product_name };
      await this.visits.jump(acct, product, ofProduct, body.stage_no);
    }
    return { moved: units.length };
  }

  /** The query's criteria and range, refused whole when they say nothing or too much. */
  private async checked(
    acct: AccountCtx,
    query: ContainmentQueryDto,
  ): Promise<{ criteria: ContainmentCriteria; range: ContainmentRange }> {
    const criteria: ContainmentCriteria = {
      instrumentId: query.instrument_id === undefined ? undefined : Number(query.instrument_id),
      calibrationId: query.calibration_id === undefined ? undefined : Number(query.calibration_id),
      station: query.station,
      operator: query.operator,
    };
    if (Object.values(criteria).every((value) => value === undefined))
      throw new Refused(ORIGIN_MSG.oneCriterion);
    const [first, last] = [dayNumber(query.from)!, dayNumber(query.to)!];
    if (last < first) throw new Refused(ORIGIN_MSG.fromAfterTo);
    if (last - first + 1 > ORIGIN_LIMITS.containmentDays) throw new Refused(ORIGIN_MSG.rangeTooLong);
    // an id of another account is as unknown as one never made
    if (criteria.instrumentId !== undefined)
      await this.repo.instrument(acct.accountId, criteria.instrumentId);
    if (criteria.calibrationId !== undefined)
      await this.repo.calibration(acct.accountId, criteria.calibrationId);
    const { from, until } = dayBounds(query.from, query.to, 0);
    return { criteria, range: { from: new Date(from).toISOString(), until: new Date(until).toISOString() } };
  }
}
