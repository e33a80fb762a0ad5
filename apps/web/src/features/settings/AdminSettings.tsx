import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { SessionUser } from '@sweepline/domain';
import { Link } from 'react-router';

/**
 * Settings of the provider administrator (docs/requirements/roles.md gives role -1 the Settings entry): the
 * account, users and API tokens belong to an account, and GET /user/account refuses one without
 * an account, so this shows their own sign-in and the password change instead of an error.
 */
export function AdminSettings({ user }: { user: SessionUser }) {
  return (
    <Stack maw={960} mx="auto" gap="xl">
      <Title order={1}>Settings</Title>
      <Paper component="section" aria-label="Administrator" withBorder p="md">
        <Title order={2} mb="sm">
          Administrator
        </Title>
        <Table variant="vertical" withTableBorder={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>Name</Table.Th>
              <Table.Td>{user.name}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Td>{user.email}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Password</Table.Th>
              <Table.Td>
                <Group gap="sm">
                  <Text>********</Text>
                  <Button size="xs" variant="default" component={Link} to="/ModifyPass">
                    Change
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
      <Alert color="blue" title="No account">
        Account names, users and API tokens belong to an account; the provider administrator is in none. The
        back office lists every account.{' '}
        <Text component={Link} to="/ht" inherit td="underline">
          Open the Back Office
        </Text>
      </Alert>
    </Stack>
  );
}
