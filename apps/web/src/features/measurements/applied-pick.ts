import type { ProductListItem } from '@sweepline/domain';
import type { ReportQuery } from '../reports/reports.api';

/** What the last Apply asked for; the screens fetch when it changes. */
export interface AppliedPick {
  product: ProductListItem;
  seqId: number;
  seqName: string;
  /** The step title (capability and control chart); '' for the Pareto. */
  step: string;
  days: [string, string];
  query: ReportQuery;
}
