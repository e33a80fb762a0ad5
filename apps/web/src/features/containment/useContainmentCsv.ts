import { useFileDownload } from '../../app/useFileDownload';
import { queryOf, type ContainmentFilters } from './containment-filters';
import { containmentApi } from './containment.api';

/** Containment's Download CSV: every run the search names. */
export function useContainmentCsv(filters: ContainmentFilters) {
  return useFileDownload(() => containmentApi.csv(queryOf(filters)), 'containment.csv');
}
