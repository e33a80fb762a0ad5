import type { Audit } from '@sweepline/domain';
import dayjs from 'dayjs';
import { EDITOR_TEXTS } from './editor-texts';

/** The information popover's rows: who created and who last changed the row, and when (local time). */
export function auditRows(row: Audit): [string, string][] {
  const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');
  return [
    [EDITOR_TEXTS.created, `${row.createUserName}, ${when(row.createTime)}`],
    [EDITOR_TEXTS.updated, `${row.updateUserName}, ${when(row.updateTime)}`],
  ];
}
