import { endpoints } from '@sweepline/domain';
import { api } from '../../app/api-client';

const { serialNumbers } = endpoints;

/** The calls of docs/api/serial-numbers.md (docs/requirements/serial-numbers.md#calls). */
export const serialNumbersApi = {
  products: () => api.call(serialNumbers.products),
  add: (productId: number, sns: string[]) =>
    api.call(serialNumbers.add, { body: { product_id: productId, sn_array: sns } }),
  remove: (productId: number, sns: string[]) =>
    api.call(serialNumbers.remove, { body: { product_id: productId, sn_array: sns } }),
  jump: (productId: number, sns: string[], stageNo: number) =>
    api.call(serialNumbers.jump, { body: { sn_array: sns, stage_no: stageNo, product_id: productId } }),
  units: (productId: number) => api.call(serialNumbers.units, { query: { product_id: productId } }),
  history: (productId: number, sn: string) =>
    api.call(serialNumbers.history, { query: { product_id: productId, sn } }),
};
