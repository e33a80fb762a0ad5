/**
 * The test editor's wire shapes (docs/api/editor.md): what GET /user/edit and every editor write
 * answer, and the bodies the Products screen sends. The API's DTOs implement the bodies and its
 * answers are built as these shapes, so a field renamed on one side fails the type check on the
 * other.
 */
import type { Calibration } from '../calibration/calibration.types';
import type { Product, Seq, Step } from '../entities/entities';
import type { ExportedProduct, ExportedTest } from '../test-export/test-export.types';

/** A step as GET /user/edit and the step calls answer it. */
export type EditorStep = Step;
/** A test ("seq") with its steps, in order, and its calibrations. */
export type EditorSeq = Seq;
/** One calibration of a test (docs/requirements/step-parameters.md#calibrations). */
export type EditorCal = Calibration;
/** A product with its live tests, as GET /user/edit lists them. */
export type EditorProduct = Product;

/** POST /product, PUT /product/{id}. */
export interface ProductBody {
  name: string;
  model?: string | null;
  info?: string | null;
}

/** POST /seq. */
export interface AddSeqBody {
  product_id: number;
  name: string;
  /** The selected test, -1 for none. */
  current_seq_id?: number;
}

/** PUT /seq/name/{id}. */
export interface RenameSeqBody {
  name: string;
}

/** POST /seq/copy: test paste. */
export interface CopySeqBody {
  from_seq_id: number;
  to_product_id: number;
  current_seq_id?: number;
  new_seq_name?: string | null;
}

/** One row of PUT /product/process_control/{productId}. */
export interface SeqNumbersBody {
  seq_id: number;
  stage_no: number;
  test_no: number;
}

/** PUT /product/process_control/{productId}. */
export interface ProcessControlBody {
  seq_array: SeqNumbersBody[];
}

/** POST /seq/cals/{seqId}: the whole list. */
export interface SaveCalsBody {
  cals: unknown[];
}

/** The step dialog: PUT /step/{id}. */
export interface StepDialogBody {
  instrument_id: number;
  action_id: number;
  is_default_name: boolean;
  name?: string;
}

/** POST /step. */
export interface AddStepBody extends StepDialogBody {
  seq_id: number;
  /** -1 to insert first. */
  after_step_id: number;
}

/** POST /step/copy: step paste. */
export interface CopyStepsBody {
  source_step_id_array: number[];
  target_seq_id: number;
  after_step_id: number;
}

/** PUT /seq/step_order/{seqId}. */
export interface StepOrderBody {
  step_id_array: number[];
}

/** DELETE /step. */
export interface DeleteStepsBody {
  step_id_array: number[];
}

/** PUT /step/param/{id}. */
export interface StepParamBody {
  param: Record<string, unknown>;
  /** Used only for a step whose isDefaultName is false. */
  name?: string;
}

/** PUT /seq/import: one test of a product, created or updated by name, in one transaction. */
export interface ImportTestRequest {
  product: Pick<ExportedProduct, 'name' | 'model' | 'info'>;
  test: ExportedTest;
}

/** The answer of PUT /seq/import. */
export interface ImportTestAnswer {
  productId: number;
  seqId: number;
  /** 'created': a new test (or a deleted one restored); 'updated': a live test replaced. */
  action: 'created' | 'updated';
  isCompleted: boolean;
}
