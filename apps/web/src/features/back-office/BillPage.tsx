import { Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { billMonths, defaultBillMonth, type BillRow } from '@sweepline/domain';
import { MergedCellTable, type MergedColumn } from '@sweepline/ui';
import { useState } from 'react';
import { billAccounts, billTotals } from './bill';
import { useBill } from './useBackOfficeRows';

/** docs/requirements/back-office-and-billing.md: Product, Test, Records, products merged; ours: the free trial and the amount. */
const COLUMNS: MergedColumn<BillRow>[] = [
  { header: 'Product', value: (r) => r.productName, merge: true },
  { header: 'Test', value: (r) => r.seqName },
  { header: 'Records', value: (r) => r.count },
  { header: 'Free (trial)', value: (r) => r.freeCount },
  { header: 'Billable', value: (r) => r.billableCount },
  { header: 'Amount', value: (r) => `${r.amount.toFixed(2)} ${r.currency}` },
];

/** /ht/bill: one account's records of one month (docs/requirements/back-office-and-billing.md, docs/requirements/back-office-and-billing.md#bill). */
export function BillPage() {
  const [months] = useState(() => billMonths(Date.now()));
  const [month, setMonth] = useState(() => defaultBillMonth(Date.now()));
  const [accountId, setAccountId] = useState<number | null>(null);
  const { rows, dialog } = useBill(month);

  const accounts = billAccounts(rows ?? []);
  const account = accounts.find((a) => a.accountId === accountId) ?? accounts[0];
  const shown = (rows ?? []).filter((r) => r.accountId === account?.accountId);
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
          data={accounts.map((a) => ({ value: String(a.accountId), label: a.accountName }))}
          value={account ? String(account.accountId) : null}
          onChange={(v) => v && setAccountId(Number(v))}
          allowDeselect={false}
          searchable
          w={240}
          disabled={accounts.length === 0}
        />
        {account && (
          <Text c="dimmed" pb={6} aria-label="Manager e-mail">
            {account.managerEmail}
          </Text>
        )}
      </Group>
      {rows && accounts.length === 0 && <Text c="dimmed">{`No records in ${month}.`}</Text>}
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
              <Table.Td>{`${totals.amount.toFixed(2)} ${totals.currency}`}</Table.Td>
            </Table.Tr>
          }
        />
      )}
      {dialog}
    </Stack>
  );
}
