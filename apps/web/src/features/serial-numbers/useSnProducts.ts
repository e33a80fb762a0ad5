import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useServerData } from '../../app/useServerData';
import { serialNumbersApi } from './serial-numbers.api';
import { snProductIdAtom, snProductsAtom } from './serial-numbers.atoms';

/**
 * The products with their serial numbers, read each time the screen opens into the screen's
 * atoms (the actions change them there); the product selected before stays if it still exists.
 */
export function useSnProducts(onError: (message: string) => void): void {
  const setProducts = useSetAtom(snProductsAtom);
  const setProductId = useSetAtom(snProductIdAtom);
  const loaded = useServerData(['serial-numbers/products'], serialNumbersApi.products, { onError }).data;
  useEffect(() => {
    if (!loaded) return;
    setProducts(loaded);
    setProductId((id) => (loaded.some((p) => p.id === id) ? id : loaded[0]?.id));
  }, [loaded]);
}
