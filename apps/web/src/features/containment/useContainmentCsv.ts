import { downloadBlob } from '@sweepline/ui';
import { useState } from 'react';
import { reportFailure } from '../../app/api-client';
import { queryOf, type ContainmentFilters } from './containment-filters';
import { containmentApi } from './containment.api';

/** Containment's Download CSV: every run the search names, saved under the server's file name. */
export function useContainmentCsv(filters: ContainmentFilters) {
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string>();
  const exportCsv = async () => {
    setExporting(true);
    setError(undefined);
    try {
      const { blob, fileName } = await containmentApi.csv(queryOf(filters));
      downloadBlob(blob, fileName ?? 'containment.csv');
    } catch (failure) {
      reportFailure(failure, setError);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, error, exportCsv };
}
