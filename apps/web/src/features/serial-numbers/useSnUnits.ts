import type { SnProduct, SnUnit } from '@sweepline/domain';
import { useMemo } from 'react';
import { useServerData } from '../../app/useServerData';
import { serialNumbersApi } from './serial-numbers.api';

/** The name of the units' data: a jump reloads it (invalidateServerData). */
export const SN_UNITS = 'serial-numbers/units';

/**
 * Where each serial number of the selected product is: its stage and latest result (GET
 * /sn/units), by serial number. Read again when the product or its serial numbers change; an
 * answer for another product is never shown against this one's rows.
 */
export function useSnUnits(
  product: SnProduct | undefined,
  onError: (message: string) => void,
): ReadonlyMap<string, SnUnit> | undefined {
  const id = product?.id;
  const loaded = useServerData(
    [SN_UNITS, id, product?.snArray],
    id === undefined ? undefined : async () => ({ productId: id, units: await serialNumbersApi.units(id) }),
    { onError, keepDataOnError: true },
  ).data;
  return useMemo(
    () =>
      loaded && loaded.productId === id ? new Map(loaded.units.map((unit) => [unit.sn, unit])) : undefined,
    [loaded, id],
  );
}
