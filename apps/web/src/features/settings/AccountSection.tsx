import type { Account } from '@sweepline/domain';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NameDialog } from './NameDialog';
import { useRename } from './useAccountEdits';

type Editing = 'account' | 'manager' | undefined;

function Row({ label, value, onChange }: { label: string; value: string; onChange?: () => void }) {
  return (
    <Group justify="space-between" wrap="nowrap" py="xs">
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text style={{ wordBreak: 'break-word' }}>{value}</Text>
      </Stack>
      {onChange && (
        <Button size="xs" variant="light" onClick={onChange} aria-label={`Change ${label.toLowerCase()}`}>
          Change
        </Button>
      )}
    </Group>
  );
}

/** Account name, manager name, manager e-mail (read-only) and password (docs/requirements/accounts-and-users.md). */
export function AccountSection({
  account,
  onError,
}: {
  account: Account;
  onError: (error: unknown) => void;
}) {
  const rename = useRename();
  const [editing, setEditing] = useState<Editing>();
  const navigate = useNavigate();

  const save = async (name: string) => {
    try {
      await rename(editing === 'account' ? 'account' : 'manager', name);
      setEditing(undefined);
    } catch (error) {
      onError(error);
    }
  };

  return (
    <Stack gap="xs" component="section" aria-label="Account">
      <Title order={2}>Account</Title>
      <Stack gap={0} maw={560}>
        <Row label="Account name" value={account.account_name} onChange={() => setEditing('account')} />
        <Row label="Manager name" value={account.manager_name} onChange={() => setEditing('manager')} />
        <Row label="Manager email" value={account.manager_email} />
        <Row label="Manager password" value="********" onChange={() => void navigate('/ModifyPass')} />
      </Stack>
      {editing && (
        <NameDialog
          title={editing === 'account' ? 'Change Account Name' : 'Change Manager Name'}
          label={editing === 'account' ? 'Account name' : 'Manager name'}
          initial={editing === 'account' ? account.account_name : account.manager_name}
          onSave={(name) => void save(name)}
          onCancel={() => setEditing(undefined)}
        />
      )}
    </Stack>
  );
}
