import type { AccountRow, BillRow, UsageRow } from '@sweepline/domain';
import { useMessageDialog } from '@sweepline/ui';
import { TEXTS } from '../../app/texts';
import { useServerData } from '../../app/useServerData';
import { backOfficeApi } from './back-office.api';

/**
 * A back-office table's rows: a failure shows the modal error alert of docs/requirements/errors-and-envelope.md#client-side-errors and
 * leaves the table as it was (the loading overlay is the shell's, cleared with the call).
 */
function useBackOfficeRows<T>(key: readonly [string, ...unknown[]], load: () => Promise<T[]>) {
  const errors = useMessageDialog(() => undefined);
  const rows = useServerData(key, load, {
    keepDataOnError: true,
    onError: (message) => errors.show(TEXTS.error, message, false),
  });
  return { rows: rows.data, dialog: errors.dialog };
}

/** /ht/usage: the uploads of the last `days` days. */
export const useUsage = (days: number) =>
  useBackOfficeRows<UsageRow>(['back-office/usage', days], () => backOfficeApi.usage(days));

/** /ht/bill: the records of one month, every account's. */
export const useBill = (month: string) =>
  useBackOfficeRows<BillRow>(['back-office/bill', month], () => backOfficeApi.bill(month));

/** /ht/accounts: every account. */
export const useAccounts = () =>
  useBackOfficeRows<AccountRow>(['back-office/accounts'], backOfficeApi.accounts);
