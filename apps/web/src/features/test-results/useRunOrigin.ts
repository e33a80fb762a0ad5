import { useServerData } from '../../app/useServerData';
import { instrumentsApi } from '../instruments/instruments.api';

/**
 * What measured the selected run (GET /runs/:id/origin), asked when its detail opens; nothing
 * of the run shown before stays while the next one's loads.
 */
export function useRunOrigin(runId: number) {
  const origin = useServerData(['test-results/run-origin', runId], () => instrumentsApi.runOrigin(runId));
  return { ...origin, data: origin.loading ? undefined : origin.data };
}
