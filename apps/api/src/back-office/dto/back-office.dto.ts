import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import { BACK_OFFICE_MSG, USAGE_DAYS } from '../back-office-rules';
import {
  type AccountRow,
  type BillQuery,
  type BillRow,
  isValidMonth,
  type UsageQuery,
  type UsageRow,
  type Verdict,
} from '@sweepline/domain';

/** GET /report/bill (docs/requirements/back-office-and-billing.md#bill); the range check against today is the service's. */
export class BillQueryDto implements BillQuery {
  @ApiProperty({ description: "'YYYY-MM': a UTC calendar month from 2023-05 to the current month" })
  @ValidateBy({
    name: 'billMonth',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isValidMonth(value),
      defaultMessage: () => BACK_OFFICE_MSG.month,
    },
  })
  month!: string;
}

/** GET /report/usage (docs/requirements/back-office-and-billing.md). */
export class UsageQueryDto implements UsageQuery {
  @ApiProperty({
    enum: USAGE_DAYS.map(String),
    description: 'The last 7 or 30 UTC days, today included, or all',
  })
  @ValidateBy({
    name: 'usageDays',
    validator: {
      validate: (value: unknown) => USAGE_DAYS.some((days) => String(days) === value),
      defaultMessage: () => BACK_OFFICE_MSG.dayNum,
    },
  })
  day_num!: string;
}

/** docs/requirements/back-office-and-billing.md#bill's bill row, and ours after `count`: the free trial and the price. */
export class BillRowDto implements BillRow {
  @ApiProperty() accountId!: number;
  @ApiProperty() accountName!: string;
  @ApiProperty({ description: "The account manager's e-mail; '' if none" }) managerEmail!: string;
  @ApiProperty() productName!: string;
  @ApiProperty() seqName!: string;
  @ApiProperty({ description: 'Runs uploaded in the month (records)' }) count!: number;
  @ApiProperty({ description: "Of them, uploaded in the account's free trial" }) freeCount!: number;
  @ApiProperty({ description: 'count - freeCount' }) billableCount!: number;
  @ApiProperty({ description: 'billableCount x pricePerRecord, rounded to 2 decimals' }) amount!: number;
  @ApiProperty({ description: 'PRICE_PER_RECORD' }) pricePerRecord!: number;
  @ApiProperty({ description: 'CURRENCY, ISO 4217' }) currency!: string;
  @ApiProperty({ description: 'ISO time the free trial ends (registration + 30 days)' }) trialEnd!: string;
}

/** docs/requirements/back-office-and-billing.md#usage's usage row, with accountId (ours: account names are not unique). */
export class UsageRowDto implements UsageRow {
  @ApiProperty({ description: "'YYYY-MM-DD', the UTC day of upload" }) date!: string;
  @ApiProperty() accountId!: number;
  @ApiProperty({ description: 'The account name' }) account!: string;
  @ApiProperty() managerEmail!: string;
  @ApiProperty({ description: 'The product name' }) product!: string;
  @ApiProperty({ description: 'The test name' }) seq!: string;
  @ApiProperty({ enum: [1, 0, -1] }) result!: Verdict;
  @ApiProperty() count!: number;
}

/** docs/requirements/back-office-and-billing.md#accounts's account row, with id (ours). */
export class AccountRowDto implements AccountRow {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() managerEmail!: string;
  @ApiProperty({ description: 'The sign-up, in milliseconds since 1970 UTC (the spec’s timestamp)' })
  registerTime!: number;
  @ApiProperty() isActive!: boolean;
}
