/**
 * Where the bytes of uploaded files (instrument screenshots, SnP files) live (docs/requirements/storage.md#uploaded-files). The attachment row keeps what a file is; a FileStorage keeps its bytes under the
 * row's id. The database is the default; an S3-compatible bucket is the documented option for
 * large installations (docs/api/runs.md, "Files"): an implementation of these three methods that
 * writes objects named after the id, the attachment's `data` column left NULL.
 *
 * Callers have checked the account already: the id is the attachment's, never the caller's input
 * alone.
 */
export abstract class FileStorage {
  abstract put(id: number, data: Buffer): Promise<void>;
  abstract get(id: number): Promise<Buffer | undefined>;
  abstract delete(id: number): Promise<void>;
}
