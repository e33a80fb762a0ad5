import { Inject, Injectable } from '@nestjs/common';
import { billMonths, monthRange, MS_PER_DAY, Refused } from '@sweepline/domain';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { BACK_OFFICE_MSG, FREE_TRIAL_DAYS } from './back-office-rules';
import { BackOfficeRepository } from './back-office.repository';
import { AccountRowDto, BillRowDto, UsageRowDto } from './dto/back-office.dto';

/** docs/requirements/back-office-and-billing.md (Back office): bill, usage and accounts of every account, for the provider. */
@Injectable()
export class BackOfficeService {
  constructor(
    private readonly repo: BackOfficeRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A UTC calendar month of the bill month list (docs/requirements/back-office-and-billing.md#bill): 2023-05 to the current month. */
  async bill(month: string): Promise<BillRowDto[]> {
    if (!billMonths(Date.now()).includes(month)) throw new Refused(`month: ${BACK_OFFICE_MSG.month}`);
    const { start_time, stop_time } = monthRange(month);
    const { pricePerRecord, currency } = this.config.billing;
    const rows = await this.repo.bill(
      new Date(start_time).toISOString(),
      new Date(stop_time + 1).toISOString(),
      FREE_TRIAL_DAYS,
      pricePerRecord,
    );
    return rows.map((row) => ({ ...row, pricePerRecord, currency }));
  }

  /** The last `dayNum` UTC days, today included (day_num 7: today and the 6 days before). */
  usage(dayNum: number): Promise<UsageRowDto[]> {
    const today = Math.floor(Date.now() / MS_PER_DAY);
    return this.repo.usage(new Date((today - dayNum + 1) * MS_PER_DAY).toISOString());
  }

  accounts(): Promise<AccountRowDto[]> {
    return this.repo.accounts();
  }
}
