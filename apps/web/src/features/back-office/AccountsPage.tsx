import { Stack, Table, Title } from '@mantine/core';
import { formatDate } from '@sweepline/domain';
import { browserZoneOffset } from '@sweepline/ui';
import { useAccounts } from './useBackOfficeRows';

/** docs/requirements/back-office-and-billing.md: the registration as YYYY-mm-dd in the browser's zone, blank without one. */
export function registeredDay(registerTime: number | null): string {
  if (registerTime === null || !Number.isFinite(registerTime)) return '';
  return formatDate(registerTime, browserZoneOffset(new Date(registerTime)));
}

/** /ht/accounts: every account, newest first (docs/requirements/back-office-and-billing.md). */
export function AccountsPage() {
  const { rows, dialog } = useAccounts();
  return (
    <Stack gap="md">
      <Title order={1}>Accounts</Title>
      {rows && (
        <>
          <Title order={2}>{`Total Accounts: ${rows.length}`}</Title>
          <Table.ScrollContainer minWidth={480} maxHeight="45rem">
            <Table aria-label="Accounts" withTableBorder stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Manager Email</Table.Th>
                  <Table.Th>Registered</Table.Th>
                  <Table.Th>Is Active</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>{a.name}</Table.Td>
                    <Table.Td>{a.managerEmail}</Table.Td>
                    <Table.Td>{registeredDay(a.registerTime)}</Table.Td>
                    <Table.Td>{a.isActive ? 'Yes' : 'No'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      {dialog}
    </Stack>
  );
}
