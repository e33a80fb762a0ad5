import type { Account, AccountUser, ApiToken } from '@sweepline/domain';
import { createAtom } from '../../app/create-atom';

/** The account of GET /user/account, once loaded. */
export const accountAtom = createAtom<Account | undefined>('settings.account', undefined);

/** The id of the highlighted user row. */
export const selectedUserIdAtom = createAtom<number | undefined>('settings.selectedUserId', undefined);

/** The user dialog: adding, or editing one user. */
export type UserDialogState = { mode: 'add' } | { mode: 'edit'; user: AccountUser } | undefined;
export const userDialogAtom = createAtom<UserDialogState>('settings.userDialog', undefined);

/** The account's live API tokens. */
export const apiTokensAtom = createAtom<ApiToken[]>('settings.apiTokens', []);

/** A danger confirmation waiting for an answer: reset a user's password, or delete the user. */
export type UserConfirmState = { action: 'reset' | 'delete'; user: AccountUser } | undefined;
export const userConfirmAtom = createAtom<UserConfirmState>('settings.userConfirm', undefined);
