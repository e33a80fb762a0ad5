import { useServerData } from '../../app/useServerData';
import { hasCriterion, queryOf, type ContainmentFilters } from './containment-filters';
import { containmentApi } from './containment.api';

/** The units and runs the search names; nothing is asked without a criterion. */
export function useContainmentUnits(filters: ContainmentFilters) {
  const query = queryOf(filters);
  return useServerData(
    ['containment/units', JSON.stringify(query)],
    hasCriterion(filters) ? () => containmentApi.units(query) : undefined,
  );
}
