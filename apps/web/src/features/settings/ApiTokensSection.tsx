import { Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { roleLabel, type ApiToken, type CreatedApiToken, type UserFields } from '@sweepline/domain';
import { ConfirmDialog } from '@sweepline/ui';
import dayjs from 'dayjs';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { apiTokensAtom } from './settings.atoms';
import { useApiTokenEdits } from './useAccountEdits';
import { TokenDialog } from './TokenDialog';
import { TokenSecretDialog } from './TokenSecretDialog';

const when = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : 'Never');

/** API tokens for scripts and CI (docs/requirements/identity.md#api-tokens): list, create, revoke. */
export function ApiTokensSection({ onError }: { onError: (error: unknown) => void }) {
  const tokens = useAtomValue(apiTokensAtom);
  const edits = useApiTokenEdits();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken>();
  const [revoking, setRevoking] = useState<ApiToken>();

  const create = async (fields: UserFields) => {
    try {
      await edits.create(fields, (token) => {
        setCreating(false);
        setCreated(token);
      });
    } catch (error) {
      onError(error);
    }
  };

  const revoke = async (token: ApiToken) => {
    setRevoking(undefined);
    try {
      await edits.revoke(token);
    } catch (error) {
      onError(error);
    }
  };

  return (
    <Stack gap="xs" component="section" aria-label="API tokens">
      <Title order={2}>API Tokens</Title>
      <Text size="sm" c="dimmed">
        Tokens let scripts and the sweepline runner act in this account with the role given.
      </Text>
      <Group>
        <Button onClick={() => setCreating(true)}>Create Token</Button>
      </Group>
      <Table.ScrollContainer minWidth={520}>
        <Table aria-label="API tokens">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Last used</Table.Th>
              {/* the column of Revoke buttons: named for screen readers, blank on screen as before */}
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.map((token) => (
              <Table.Tr key={token.id}>
                <Table.Td>{token.name}</Table.Td>
                <Table.Td>{roleLabel(token.role)}</Table.Td>
                <Table.Td>{when(token.createdAt)}</Table.Td>
                <Table.Td>{when(token.lastUsedAt)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    onClick={() => setRevoking(token)}
                    aria-label={`Revoke ${token.name}`}
                  >
                    Revoke
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {creating && (
        <TokenDialog onSave={(fields) => void create(fields)} onCancel={() => setCreating(false)} />
      )}
      {created && <TokenSecretDialog token={created} onClose={() => setCreated(undefined)} />}
      {revoking && (
        <ConfirmDialog
          opened
          message={`Revoke the API token ${revoking.name}?`}
          confirmLabel="Revoke"
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(undefined)}
        />
      )}
    </Stack>
  );
}
