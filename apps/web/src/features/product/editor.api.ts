import type {
  AddSeqBody,
  AddStepBody,
  CopySeqBody,
  CopyStepsBody,
  EditorCal,
  EditorProduct,
  EditorSeq,
  DeleteStepsBody,
  ProcessControlBody,
  ProductBody,
  RenameSeqBody,
  SaveCalsBody,
  SeqNumbersBody,
  StepDialogBody,
  StepOrderBody,
  StepParam,
  StepParamBody,
} from '@sweepline/domain';
import { api, call } from '../../app/api-client';

/**
 * The editor calls of spec 1 section 7 (docs/api/editor.md). GET /user/edit is revalidated by the
 * browser with its ETag (Cache-Control: no-cache): fetch sends If-None-Match and hands back the
 * kept body on a 304, so no code here deals with it.
 */
export const editorApi = {
  load: () => api.get<EditorProduct[]>('/user/edit'),

  addProduct: (body: ProductBody) => api.post<EditorProduct>('/product', body),
  editProduct: (id: number, body: ProductBody) => api.put<EditorProduct>(`/product/${id}`, body),
  deleteProduct: (id: number) => api.delete<null>(`/product/${id}`),

  addSeq: (body: AddSeqBody) => api.post<EditorSeq>('/seq', body),
  renameSeq: (id: number, name: string) =>
    api.put<EditorSeq>(`/seq/name/${id}`, { name } satisfies RenameSeqBody),
  processControl: (productId: number, rows: SeqNumbersBody[]) =>
    api.put<EditorProduct>(`/product/process_control/${productId}`, {
      seq_array: rows,
    } satisfies ProcessControlBody),
  copySeq: (body: CopySeqBody) => api.post<EditorSeq>('/seq/copy', body),
  deleteSeq: (id: number) => api.delete<null>(`/seq/${id}`),
  saveCals: (seqId: number, cals: EditorCal[]) =>
    api.post<EditorSeq>(`/seq/cals/${seqId}`, { cals } satisfies SaveCalsBody),

  addStep: (body: AddStepBody) => api.post<EditorSeq>('/step', body),
  editStep: (id: number, body: StepDialogBody) => api.put<EditorSeq>(`/step/${id}`, body),
  copySteps: (body: CopyStepsBody) => api.post<EditorSeq>('/step/copy', body),
  orderSteps: (seqId: number, ids: number[]) =>
    api.put<EditorSeq>(`/seq/step_order/${seqId}`, { step_id_array: ids } satisfies StepOrderBody),
  deleteSteps: (ids: number[]) =>
    call<EditorSeq>('DELETE', '/step', { step_id_array: ids } satisfies DeleteStepsBody),
  saveParam: (id: number, param: StepParam, name?: string) =>
    api.put<EditorSeq>(`/step/param/${id}`, { param, name } satisfies StepParamBody),
};
