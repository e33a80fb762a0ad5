import { Button, Group, Stack, Title } from '@mantine/core';
import { MSG } from '@sweepline/domain';
import { ConfirmDialog } from '@sweepline/ui';
import { useAtom } from 'jotai';
import { userConfirmAtom, userDialogAtom } from './settings.atoms';
import { UserDialog } from './UserDialog';
import { UsersTable } from './UsersTable';
import { useUserActions } from './useUserActions';

/**
 * The users of the account and their tools (docs/requirements/accounts-and-users.md). Edit, Reset Password, Reactivate
 * and Delete do nothing without a selected user, so they are disabled then.
 */
export function UsersSection({ onError }: { onError: (error: unknown) => void }) {
  const actions = useUserActions(onError);
  const [dialog, setDialog] = useAtom(userDialogAtom);
  const [confirm, setConfirm] = useAtom(userConfirmAtom);
  const { selected } = actions;

  return (
    <Stack gap="xs" component="section" aria-label="Users">
      <Title order={2}>Users</Title>
      <Group gap="xs">
        <Button onClick={() => setDialog({ mode: 'add' })}>Add User</Button>
        <Button
          variant="light"
          disabled={!selected}
          onClick={() => selected && setDialog({ mode: 'edit', user: selected })}
        >
          Edit
        </Button>
        <Button
          variant="light"
          disabled={!selected}
          onClick={() => selected && setConfirm({ action: 'reset', user: selected })}
        >
          Reset Password
        </Button>
        <Button
          variant="light"
          disabled={!selected}
          onClick={() => selected && void actions.reactivate(selected)}
        >
          Reactivate
        </Button>
        <Button
          color="red"
          variant="light"
          disabled={!selected}
          onClick={() => selected && setConfirm({ action: 'delete', user: selected })}
        >
          Delete
        </Button>
      </Group>
      <UsersTable users={actions.users} selectedId={selected?.id} onSelect={actions.select} />
      {dialog && (
        <UserDialog
          state={dialog}
          onSave={(user) => void actions.save(user)}
          onCancel={() => setDialog(undefined)}
        />
      )}
      {confirm && (
        <ConfirmDialog
          opened
          message={
            confirm.action === 'reset'
              ? MSG.resetPasswordOf(confirm.user.name)
              : MSG.deleteUser(confirm.user.name)
          }
          confirmLabel={confirm.action === 'reset' ? 'Reset' : 'Delete'}
          onConfirm={() =>
            void (confirm.action === 'reset'
              ? actions.resetPassword(confirm.user)
              : actions.remove(confirm.user))
          }
          onCancel={() => setConfirm(undefined)}
        />
      )}
    </Stack>
  );
}
