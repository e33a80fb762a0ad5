import type { AccountUser, UserFields } from '@sweepline/domain';
import { notifyInfo } from '@sweepline/ui';
import { useAtom, useSetAtom } from 'jotai';
import { TEXTS } from '../../app/texts';
import { settingsApi } from './settings.api';
import { accountAtom, selectedUserIdAtom, userConfirmAtom, userDialogAtom } from './settings.atoms';
import { placeUser, selectionAfterDelete } from './users-list';

/** The users table's actions (docs/requirements/accounts-and-users.md, docs/requirements/accounts-and-users.md#user-actions); failures go to `onError`. */
export function useUserActions(onError: (error: unknown) => void) {
  const [account, setAccount] = useAtom(accountAtom);
  const [selectedId, setSelectedId] = useAtom(selectedUserIdAtom);
  const [dialog, setDialog] = useAtom(userDialogAtom);
  const setConfirm = useSetAtom(userConfirmAtom);
  const users = account?.user_list ?? [];
  const setUsers = (list: AccountUser[]) => setAccount(account && { ...account, user_list: list });

  const run = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      onError(error);
    }
  };

  return {
    users,
    selected: users.find((user) => user.id === selectedId),
    select: setSelectedId,

    save: (fields: UserFields & { email: string }) =>
      run(async () => {
        const saved =
          dialog?.mode === 'edit'
            ? await settingsApi.editUser(dialog.user.id, { name: fields.name, role: fields.role })
            : await settingsApi.addUser(fields);
        setUsers(placeUser(users, saved));
        setSelectedId(saved.id);
        setDialog(undefined);
      }),

    remove: (user: AccountUser) =>
      run(async () => {
        setConfirm(undefined);
        await settingsApi.deleteUser(user.id);
        const remaining = users.filter((u) => u.id !== user.id);
        setUsers(remaining);
        setSelectedId(selectionAfterDelete(remaining, users.indexOf(user)));
      }),

    resetPassword: (user: AccountUser) =>
      run(async () => {
        setConfirm(undefined);
        await settingsApi.resetPassword(user.email);
        notifyInfo(TEXTS.resetMailSent(user.email));
      }),

    /** docs/requirements/accounts-and-users.md#user-actions: an active user only gets an info message, and no call is made. */
    reactivate: (user: AccountUser) =>
      user.active
        ? notifyInfo(TEXTS.userAlreadyActive)
        : run(async () => {
            setUsers(placeUser(users, await settingsApi.reactivateUser(user.id)));
            notifyInfo(TEXTS.activationMailSent(user.email));
          }),
  };
}
