import type { AccountRow, BillRow, UsageRow } from '@sweepline/domain';
import { api } from '../../app/api-client';

/** The provider's back-office calls of docs/api/reports.md (spec 2 section 7). */
export const backOfficeApi = {
  bill: (month: string) => api.get<BillRow[]>(`/report/bill?month=${encodeURIComponent(month)}`),
  usage: (dayNum: number) => api.get<UsageRow[]>(`/report/usage?day_num=${dayNum}`),
  accounts: () => api.get<AccountRow[]>('/report/accounts'),
};
