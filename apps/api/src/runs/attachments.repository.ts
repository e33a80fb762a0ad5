import { Injectable } from '@nestjs/common';
import { AttachmentInfo, AttachmentKind, NotFound } from '@sweepline/domain';
import { Db } from '../database/transaction';

/** An attachment before it is stored: what the reply describes, less the id, in its account. */
export type NewAttachment = Omit<AttachmentInfo, 'id'> & { accountId: number };

const INFO = `id::float8 AS id, run_id::float8 AS "runId", step_index AS "stepIndex", kind, file_name AS "fileName",
  content_type AS "contentType", size`;

/**
 * The rows of uploaded files, the one writer of the attachment table; their bytes are the
 * FileStorage's, which the database one keeps in the row through this repository.
 */
@Injectable()
export class AttachmentsRepository {
  constructor(private readonly db: Db) {}

  list(runId: number): Promise<AttachmentInfo[]> {
    return this.db.query<AttachmentInfo>(
      `SELECT ${INFO} FROM attachment WHERE run_id = $1 ORDER BY step_index, id`,
      [runId],
    );
  }

  /** An attachment of a run of the account; 404 otherwise. */
  async one(accountId: number, runId: number, attachmentId: number): Promise<AttachmentInfo> {
    const [row] = await this.db.query<AttachmentInfo>(
      `SELECT ${INFO} FROM attachment WHERE id = $1 AND run_id = $2 AND account_id = $3`,
      [attachmentId, runId, accountId],
    );
    if (!row) throw new NotFound('Attachment');
    return row;
  }

  /** The file of this name already stored for the step, if any. */
  async same(runId: number, stepIndex: number, kind: AttachmentKind, fileName: string) {
    const [row] = await this.db.query<AttachmentInfo>(
      `SELECT ${INFO} FROM attachment WHERE run_id = $1 AND step_index = $2 AND kind = $3 AND file_name = $4`,
      [runId, stepIndex, kind, fileName],
    );
    return row;
  }

  async totalSize(runId: number): Promise<number> {
    const [row] = await this.db.query<{ total: number }>(
      'SELECT COALESCE(sum(size), 0)::float8 AS total FROM attachment WHERE run_id = $1',
      [runId],
    );
    return row!.total;
  }

  async insert(a: NewAttachment): Promise<AttachmentInfo> {
    const [row] = await this.db.query<AttachmentInfo>(
      `INSERT INTO attachment (account_id, run_id, step_index, kind, file_name, content_type, size)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${INFO}`,
      [a.accountId, a.runId, a.stepIndex, a.kind, a.fileName, a.contentType, a.size],
    );
    return row!;
  }

  /** The file's bytes, kept in the row by the database FileStorage (database-file-storage.ts). */
  async putData(id: number, data: Buffer): Promise<void> {
    await this.db.query('UPDATE attachment SET data = $2 WHERE id = $1', [id, data]);
  }

  async data(id: number): Promise<Buffer | undefined> {
    const [row] = await this.db.query<{ data: Buffer | null }>('SELECT data FROM attachment WHERE id = $1', [
      id,
    ]);
    return row?.data ?? undefined;
  }

  async clearData(id: number): Promise<void> {
    await this.db.query('UPDATE attachment SET data = NULL WHERE id = $1', [id]);
  }
}
