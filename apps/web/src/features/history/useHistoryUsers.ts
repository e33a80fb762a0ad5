import type { AuditCsvRow } from '@sweepline/domain';
import { useServerData } from '../../app/useServerData';
import { settingsApi } from '../settings/settings.api';
import type { HistoryUser } from './HistoryFilterBar';

/**
 * The users History can filter by: the account's users, and everyone the rows shown name (the
 * managers, whom the users list leaves out, and users deleted since), by name. A refused list
 * leaves the rows' users.
 */
export function useHistoryUsers(rows: AuditCsvRow[] | undefined): HistoryUser[] {
  const account = useServerData(['history/users'], settingsApi.account).data;
  const byId = new Map<number, string>();
  for (const user of account?.user_list ?? []) byId.set(user.id, user.name);
  for (const row of rows ?? [])
    if (row.userId !== null && !byId.has(row.userId)) byId.set(row.userId, row.userName);
  return [...byId]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}
