import type {
  AddedSerialNumbers,
  JumpedSerialNumbers,
  JumpToStageRequest,
  SerialNumbersRequest,
  SnProduct,
  SnStageHistory,
} from '@sweepline/domain';
import { api } from '../../app/api-client';

/** The calls of docs/api/serial-numbers.md (spec 2 section 7). */
export const serialNumbersApi = {
  products: () => api.get<SnProduct[]>('/sn'),
  add: (productId: number, sns: string[]) =>
    api.post<AddedSerialNumbers>('/sn', {
      product_id: productId,
      sn_array: sns,
    } satisfies SerialNumbersRequest),
  remove: (productId: number, sns: string[]) =>
    api.delete<null>('/sn', { product_id: productId, sn_array: sns } satisfies SerialNumbersRequest),
  jump: (productId: number, sns: string[], stageNo: number) =>
    api.post<JumpedSerialNumbers>('/sn_stage_history', {
      sn_array: sns,
      stage_no: stageNo,
      product_id: productId,
    } satisfies JumpToStageRequest),
  history: (productId: number, sn: string) =>
    api.get<SnStageHistory>(`/sn/history?product_id=${productId}&sn=${encodeURIComponent(sn)}`),
};
