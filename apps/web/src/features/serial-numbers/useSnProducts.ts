import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useServerData } from '../../app/useServerData';
import { useTakeAnswer } from '../../app/useTakeAnswer';
import { serialNumbersApi } from './serial-numbers.api';
import { snProductIdAtom, snProductsAtom } from './serial-numbers.atoms';

/**
 * The products with their serial numbers, read each time the screen opens into the screen's
 * atoms (the actions change them there); the product selected before stays if it still exists.
 * Says whether the screen has products to show: this visit's, the last visit's, or none because
 * the call failed. Until then the screen shows a loading state, not its two lists empty: those
 * would grow when the products arrive and push the serial numbers down (a layout shift).
 */
export function useSnProducts(onError: (message: string) => void): boolean {
  const products = useAtomValue(snProductsAtom);
  const setProducts = useSetAtom(snProductsAtom);
  const setProductId = useSetAtom(snProductIdAtom);
  // set with the atoms, in one render: the lists never show empty for a frame before they fill
  const [arrived, setArrived] = useState(false);
  const { data: loaded, error } = useServerData(['serial-numbers/products'], serialNumbersApi.products, {
    onError,
  });
  useTakeAnswer(loaded, (answer) => {
    setProducts(answer);
    setProductId((id) => (answer.some((p) => p.id === id) ? id : answer[0]?.id));
    setArrived(true);
  });
  return arrived || products.length > 0 || error !== undefined;
}
