import { useServerData } from '../../app/useServerData';
import { reportsApi } from './reports.api';

/**
 * The products with their tests, for the report and measurement pickers; read each time a screen
 * opens. A refusal goes to `onError`, which each screen shows its own way.
 */
export function useProductList(onError: (message: string) => void) {
  return useServerData(['reports/products'], reportsApi.productList, { onError }).data;
}
