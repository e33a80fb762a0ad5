import { Table } from '@mantine/core';
import { ACCOUNT_ROLES, roleLabel, roleMatrix } from '@sweepline/domain';

/**
 * The FAQ's role matrix (docs/requirements/download-and-site.md#guide-pages): Operator, Editor and Manager against what each may
 * do, drawn from the domain's ROLE_RULES, the table the API's @Roles enforce (issue 28).
 */
export function RoleMatrix() {
  const roles = ACCOUNT_ROLES.map(roleLabel);
  return (
    <Table withTableBorder aria-label="Role matrix" mt="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>What</Table.Th>
          {roles.map((role) => (
            <Table.Th key={role} ta="center">
              {role}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {roleMatrix().map(({ what, allowed }) => (
          <Table.Tr key={what}>
            <Table.Th scope="row" fw={400}>
              {what}
            </Table.Th>
            {allowed.map((yes, i) => (
              <Table.Td key={roles[i]} ta="center" c={yes ? undefined : 'dimmed'}>
                {yes ? 'Yes' : 'No'}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
