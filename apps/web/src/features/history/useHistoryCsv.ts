import { browserZoneOffset, downloadBlob } from '@sweepline/ui';
import { useState } from 'react';
import { reportFailure } from '../../app/api-client';
import { auditQueryOf, type HistoryFilters } from './history-filters';
import { historyApi } from './history.api';

/** History's Export CSV: every row the filters select, saved under the server's file name. */
export function useHistoryCsv(filters: HistoryFilters) {
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string>();
  const exportCsv = async () => {
    setExporting(true);
    setError(undefined);
    try {
      const { blob, fileName } = await historyApi.csv(auditQueryOf(filters, browserZoneOffset()));
      downloadBlob(blob, fileName ?? 'audit-trail.csv');
    } catch (failure) {
      reportFailure(failure, setError);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, error, exportCsv };
}
