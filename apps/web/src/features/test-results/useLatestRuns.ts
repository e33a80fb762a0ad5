import { useServerData } from '../../app/useServerData';
import { testResultsApi } from './test-results.api';

/** The account's latest runs, for /tr before a search; `ask` false: not asked (a search is shown). */
export function useLatestRuns(ask: boolean, onError: (message: string) => void) {
  return useServerData(['test-results/latest'], ask ? testResultsApi.latest : undefined, { onError });
}
