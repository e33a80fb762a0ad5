import { Injectable } from '@nestjs/common';
import { FileStorage } from '../storage/file-storage';
import { AttachmentsRepository } from './attachments.repository';

/**
 * The bytes in the attachment row's `data` column, written in the request's transaction: a
 * refused or failed upload leaves nothing behind, and backups hold files and results together.
 * The SQL is AttachmentsRepository's, the one writer of the attachment table.
 */
@Injectable()
export class DatabaseFileStorage extends FileStorage {
  constructor(private readonly rows: AttachmentsRepository) {
    super();
  }

  put(id: number, data: Buffer): Promise<void> {
    return this.rows.putData(id, data);
  }

  get(id: number): Promise<Buffer | undefined> {
    return this.rows.data(id);
  }

  delete(id: number): Promise<void> {
    return this.rows.clearData(id);
  }
}
