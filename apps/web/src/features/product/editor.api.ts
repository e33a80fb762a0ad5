import {
  endpoints,
  type AddSeqBody,
  type AddStepBody,
  type CopySeqBody,
  type CopyStepsBody,
  type EditorCal,
  type ProductBody,
  type SeqNumbersBody,
  type StepDialogBody,
  type StepParam,
} from '@sweepline/domain';
import { api } from '../../app/api-client';

const { editor } = endpoints;

/**
 * The editor calls of docs/requirements/products.md#calls (docs/api/editor.md). GET /user/edit is revalidated by the
 * browser with its ETag (Cache-Control: no-cache): fetch sends If-None-Match and hands back the
 * kept body on a 304, so no code here deals with it.
 */
export const editorApi = {
  load: () => api.call(editor.load),

  addProduct: (body: ProductBody) => api.call(editor.addProduct, { body }),
  editProduct: (id: number, body: ProductBody) => api.call(editor.editProduct, { params: { id }, body }),
  deleteProduct: (id: number) => api.call(editor.deleteProduct, { params: { id } }),

  addSeq: (body: AddSeqBody) => api.call(editor.addSeq, { body }),
  renameSeq: (id: number, name: string) => api.call(editor.renameSeq, { params: { id }, body: { name } }),
  processControl: (productId: number, rows: SeqNumbersBody[]) =>
    api.call(editor.processControl, { params: { productId }, body: { seq_array: rows } }),
  copySeq: (body: CopySeqBody) => api.call(editor.copySeq, { body }),
  deleteSeq: (id: number) => api.call(editor.deleteSeq, { params: { id } }),
  saveCals: (seqId: number, cals: EditorCal[]) =>
    api.call(editor.saveCals, { params: { seqId }, body: { cals } }),

  addStep: (body: AddStepBody) => api.call(editor.addStep, { body }),
  editStep: (id: number, body: StepDialogBody) => api.call(editor.editStep, { params: { id }, body }),
  copySteps: (body: CopyStepsBody) => api.call(editor.copySteps, { body }),
  orderSteps: (seqId: number, ids: number[]) =>
    api.call(editor.orderSteps, { params: { seqId }, body: { step_id_array: ids } }),
  deleteSteps: (ids: number[]) => api.call(editor.deleteSteps, { body: { step_id_array: ids } }),
  saveParam: (id: number, param: StepParam, name?: string) =>
    api.call(editor.saveParam, { params: { id }, body: { param, name } }),
};
