import { endpoints } from '@sweepline/domain';
import { api } from '../../app/api-client';

const { backOffice } = endpoints;

/** The provider's back-office calls of docs/api/reports.md (docs/requirements/back-office-and-billing.md#accounts). */
export const backOfficeApi = {
  bill: (month: string) => api.call(backOffice.bill, { query: { month } }),
  usage: (dayNum: number) => api.call(backOffice.usage, { query: { day_num: dayNum } }),
  accounts: () => api.call(backOffice.accounts),
};
