import { Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { billMonths, defaultBillMonth, type BillRow } from '@sweepline/domain';
import { MergedCellTable, type MergedColumn } from '@sweepline/ui';
import { useState } from 'react';
import { billTotals } from './bill';
import { useAccounts, useBill } from './useBackOfficeRows';

/** docs/requirements/back-office-and-billing.md: Product, Test, Records, products merged; ours: the free trial and the amount. */
const COLUMNS: MergedColumn<BillRow>[] = [
  { header: 'Product', value: (r) => r.productName, merge: true },
  { header: 'Test', value: (r) => r.seqName },
  { header: 'Records', value: (r) => r.count },
  { header: 'Free (trial)', value: (r) => r.freeCount },
  { header: 'Billable', value: (r) => r.billableCount },
  { header: 'Amount', value: (r) => `${r.amount.toFixed(2)} ${r.currency}` },
];

/**
 * /ht/bill: one account's records of one month (docs/requirements/back-office-and-billing.md#bill). The picker lists
 * every account (GET /report/accounts), not only those with records in the month: an account
 * without any shows its empty table and a zero Total (issue 38).
 */
export function BillPage() {
  const [months] = useState(() => billMonths(Date.now()));
  const [month, setMonth] = useState(() => defaultBillMonth(Date.now()));
  const [accountId, setAccountId] = useState<number | null>(null);
  const { rows, dialog } = useBill(month);
  const { rows: accounts = [], dialog: accountsDialog } = useAccounts();

  const account = accounts.find((a) => a.id === accountId) ?? accounts[0];
  const shown = (rows ?? []).filter((r) => r.accountId === account?.id);
  const totals = billTotals(shown);
  return (
    <Stack gap="md">
      <Title order={1}>Bill</Title>
      <Group align="flex-end" gap="sm">
        <Select
          label="Month"
          data={months}
          value={month}
          onChange={(v) => v && setMonth(v)}
          allowDeselect={false}
          w={140}
        />
        <Select
          label="Account"
          data={accounts.map((a) => ({ value: String(a.id), label: a.name }))}
          renderOption={({ option }) => (
            <Stack gap={0}>
              <Text size="sm">{option.label}</Text>
              <Text size="xs">{accounts.find((a) => String(a.id) === option.value)?.managerEmail}</Text>
            </Stack>
          )}
          value={account ? String(account.id) : null}
          onChange={(v) => v && setAccountId(Number(v))}
          allowDeselect={false}
          searchable
          w={240}
        />
        {account && (
          <Text c="dimmed" pb={6} aria-label="Manager e-mail">
            {account.managerEmail}
          </Text>
        )}
      </Group>
      {rows && account && shown.length === 0 && <Text>{`No records of ${account.name} in ${month}.`}</Text>}
      {account && (
        <MergedCellTable
          label="Bill"
          columns={COLUMNS}
          rows={shown}
          rowKey={(_, i) => String(i)}
          footer={
            <Table.Tr fw={700}>
              <Table.Td colSpan={2}>Total</Table.Td>
              <Table.Td>{totals.count}</Table.Td>
              <Table.Td>{totals.freeCount}</Table.Td>
              <Table.Td>{totals.billableCount}</Table.Td>
              <Table.Td>{`${totals.amount.toFixed(2)} ${totals.currency}`.trim()}</Table.Td>
            </Table.Tr>
          }
        />
      )}
      {dialog}
      {accountsDialog}
    </Stack>
  );
}
