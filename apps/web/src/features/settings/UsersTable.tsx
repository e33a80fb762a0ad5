import { ScrollArea, Table } from '@mantine/core';
import { roleLabel, type AccountUser } from '@sweepline/domain';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { TEXTS } from '../../app/texts';

export interface UsersTableProps {
  users: AccountUser[];
  selectedId: number | undefined;
  onSelect: (id: number) => void;
}

/** The users of the account with one highlighted row (docs/requirements/accounts-and-users.md, docs/requirements/accounts-and-users.md#users-section: about 23rem, scrolls). */
export function UsersTable({ users, selectedId, onSelect }: UsersTableProps) {
  const selectedRow = useRef<HTMLTableRowElement>(null);
  // docs/requirements/accounts-and-users.md#user-actions: a newly added user is scrolled to (a block body: Chromium's scrollIntoView
  // returns a promise, which React would take for a clean-up function)
  useEffect(() => {
    void selectedRow.current?.scrollIntoView({ block: 'nearest' });
  }, [selectedId]);

  const keySelect = (event: KeyboardEvent, id: number) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onSelect(id);
  };

  return (
    // on a phone the table is wider than the screen: the horizontal bar overlays the content, so
    // room is made for it while it shows, or it covers the last user's row
    <ScrollArea.Autosize mah="23rem" type="auto" offsetScrollbars="present">
      <Table highlightOnHover stickyHeader aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const selected = user.id === selectedId;
            return (
              <Table.Tr
                key={user.id}
                ref={selected ? selectedRow : undefined}
                aria-selected={selected}
                tabIndex={0}
                onClick={() => onSelect(user.id)}
                onKeyDown={(event) => keySelect(event, user.id)}
                bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
                style={{ cursor: 'pointer' }}
              >
                <Table.Td>{user.name}</Table.Td>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>{roleLabel(user.role)}</Table.Td>
                <Table.Td>{user.active ? TEXTS.userActive : TEXTS.userWaiting}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
