import { endpoints, type AuditQuery, type ClientQuery } from '@sweepline/domain';
import { api } from '../../app/api-client';

const { audit } = endpoints;

/** The audit trail's calls behind History (docs/audit.md), managers only. */
export const historyApi = {
  /** A page of rows, newest first; `before_id` asks for the page after the one shown. */
  rows: (query: ClientQuery<AuditQuery>) => api.call(audit.list, { query }),
  /** The same rows as CSV (every page), with the server's file name. */
  csv: (query: ClientQuery<AuditQuery>) => api.file(audit.csv, { query }),
};
