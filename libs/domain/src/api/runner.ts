import type { Calibration } from '../calibration/calibration.types';
import type { Step } from '../entities/entities';
import type { Verdict } from '../results/verdict';
import type { AttachmentKind, StepResult } from './results';
import type { RunOrigin } from './instruments';

/**
 * The runner's calls (docs/api/runs.md, docs/requirements/runner.md#runner-calls): what it asks,
 * uploads and gets back, shared by the API and the command-line program.
 */

/** GET /runner/sn. */
export interface RunnerSnQuery {
  sn: string;
  /** Without it the serial number must be in one product only. */
  product_id?: string;
}

/** The text fields of POST /runner/runs/{id}/attachments (multipart/form-data, beside `file`). */
export interface AttachmentFields {
  /** Index of the step result in the run (0-based), as text. */
  step_index: string;
  kind: AttachmentKind;
}

/** The whole multipart body: the fields and the file (up to 5 MiB; PNG/JPEG or .sNp). */
export interface AttachmentUpload extends AttachmentFields {
  file: unknown;
}

/** A complete test as GET /runner/products lists it. */
export interface RunnableSeq {
  id: number;
  name: string;
  stageNo: number;
  testNo: number;
  /** Goes up on every change of the test; a run names the version it ran. */
  version: number;
  /**
   * The release the runner runs (docs/releases.md); null when the test has none yet, absent from
   * a server before releases.
   */
  releaseNo?: number | null;
}

/** GET /runner/products: products with at least one complete test, and those tests. */
export interface RunnerProduct {
  id: number;
  name: string;
  model: string;
  info: string;
  seqs: RunnableSeq[];
}

/** GET /runner/seqs/{id}: one complete test in full. */
export interface RunnerSeq extends RunnableSeq {
  productId: number;
  steps: Step[];
  cals: Calibration[];
}

/** A test the serial number still has to pass in its current stage visit. */
export interface PendingSeq extends RunnableSeq {
  /** False: the runner cannot download it until an editor completes it. */
  isCompleted: boolean;
  /** The run_no its next run gets. */
  nextRunNo: number;
}

/** GET /runner/sn: where a serial number is, and what it still has to pass there. */
export interface RunnerSnState {
  sn: string;
  productId: number;
  productName: string;
  /** The current stage; null when finished, or when the product has no tests. */
  stageNo: number | null;
  finished: boolean;
  pending: PendingSeq[];
}

/** One measured trace of a step result, as the runner uploads it (docs/requirements/storage.md#traces). */
export interface TraceUpload {
  /** Index of the step result in `steps`. */
  step_index: number;
  freqs_MHz: number[];
  values: number[];
  /** Whether the step is marked for the report (isReportScreen); only such traces and those of failed steps are kept. */
  report?: boolean;
}

/**
 * POST /runner/runs: one run (docs/requirements/runner.md#runner-calls), with what measured it
 * when the runner says (RunOrigin, docs/api/instruments.md).
 */
export interface RunUpload extends RunOrigin {
  /** Made by the runner, unique in the account: a repeated upload answers the first one's result. */
  client_run_id: string;
  seq_id: number;
  /** The test's version when it was downloaded; a changed test refuses the run. */
  seq_version: number;
  /**
   * The release it ran (docs/releases.md). With it the draft may have changed since, and a run of
   * an older release is stored and marked; without it (an older runner, a script) the version
   * must be the draft's.
   */
  release_no?: number;
  product_id?: number;
  sn: string;
  /** ISO 8601 with a zone: '2025-11-23T09:12:03.114Z'. */
  start_time: string;
  end_time: string;
  result: Verdict;
  steps: StepResult[];
  traces?: TraceUpload[];
}

/** The answer to POST /runner/runs: the run, and the serial number's stage after it. */
export interface RunUploadAnswer {
  run_id: number;
  run_no: number;
  /** The stage after this run; null when the serial number finished its last stage. */
  stage_no: number | null;
  finished: boolean;
}
