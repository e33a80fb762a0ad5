import type { AttachmentKind } from '../runs/results';

/** The request shapes of the runner's calls (docs/api/runs.md) beside the domain's runs/ shapes. */

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
