import { Injectable } from '@nestjs/common';
import { ALL_PRODUCTS, DayCount, DayRate } from '@sweepline/domain';
import { AccountCtx } from '../auth/auth-context';
import { PassRateQueryDto, UnitCountQueryDto, YieldQueryDto } from './dto/reports.dto';
import { reportRange } from './report-range';
import { ProductListRow, ReportsRepository } from './reports.repository';

/** docs/requirements/reports.md (Reports) and docs/requirements/reports.md: the four daily reports of an account. */
@Injectable()
export class ReportsService {
  constructor(private readonly repo: ReportsRepository) {}

  productList(acct: AccountCtx): Promise<ProductListRow[]> {
    return this.repo.productList(acct.accountId);
  }

  /** Every local day of the range appears, zero included (docs/requirements/reports.md). */
  async dailyTestedUnits(acct: AccountCtx, query: UnitCountQueryDto): Promise<DayCount[]> {
    const range = reportRange(query);
    const productId = Number(query.product_id);
    const products = await this.repo.productIds(
      acct.accountId,
      productId === ALL_PRODUCTS ? 'all' : productId,
    );
    const counts = new Map(
      (await this.repo.unitCounts(acct.accountId, products, range)).map((row) => [row.date, row.count]),
    );
    return range.days.map((date) => ({ date, count: counts.get(date) ?? 0 }));
  }

  async dailyPassRate(acct: AccountCtx, query: PassRateQueryDto): Promise<DayRate[]> {
    const range = reportRange(query);
    const seqId = Number(query.seq_id);
    await this.repo.requireSeq(acct.accountId, seqId);
    return this.repo.passRates(acct.accountId, seqId, range);
  }

  async passYield(acct: AccountCtx, query: YieldQueryDto): Promise<DayRate[]> {
    const range = reportRange(query);
    const seqId = Number(query.seq_id);
    await this.repo.requireSeq(acct.accountId, seqId);
    return query.is_first === '1'
      ? this.repo.firstTimeYield(acct.accountId, seqId, range)
      : this.repo.throughputYield(acct.accountId, seqId, range);
  }
}
