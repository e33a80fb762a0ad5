import { Select, Stack, Text, Title } from '@mantine/core';
import { verdictLabel, type UsageRow } from '@sweepline/domain';
import { MergedCellTable, type MergedColumn } from '@sweepline/ui';
import { useState } from 'react';
import { useUsage } from './useBackOfficeRows';

/** docs/requirements/back-office-and-billing.md: the periods of the usage table, 7 days first and the default. */
export const USAGE_PERIODS = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '100000', label: 'All' },
];

/**
 * Date, Account, Product and Test merge hierarchically (docs/requirements/back-office-and-billing.md). Account names are not
 * unique, so the account merges by id; the cell shows the name and the manager's e-mail.
 */
const COLUMNS: MergedColumn<UsageRow>[] = [
  { header: 'Date', value: (r) => r.date, merge: true },
  {
    header: 'Account',
    value: (r) => r.accountId,
    render: (r) => (
      <>
        {r.account}{' '}
        <Text span c="dimmed" size="sm">
          {r.managerEmail}
        </Text>
      </>
    ),
    merge: true,
  },
  { header: 'Product', value: (r) => r.product, merge: true },
  { header: 'Test', value: (r) => r.seq, merge: true },
  { header: 'Result', value: (r) => verdictLabel(r.result) },
  { header: 'Count', value: (r) => r.count },
];

/** /ht/usage: uploaded runs per UTC day, account, product, test and result. */
export function UsagePage() {
  const [days, setDays] = useState('7');
  const { rows, dialog } = useUsage(Number(days));
  return (
    <Stack gap="md">
      <Title order={1}>Usage</Title>
      <Select
        label="Period"
        data={USAGE_PERIODS}
        value={days}
        onChange={(v) => v && setDays(v)}
        allowDeselect={false}
        w={200}
      />
      {rows && (
        <MergedCellTable
          label="Usage"
          columns={COLUMNS}
          rows={rows}
          rowKey={(_, i) => String(i)}
          empty="No uploads in this period."
          maxHeight={700}
        />
      )}
      {dialog}
    </Stack>
  );
}
