import { Injectable } from '@nestjs/common';
import { Db } from '../database/transaction';
import { FileStorage } from './file-storage';

/**
 * The bytes in the attachment row's `data` column, written in the request's transaction: a
 * refused or failed upload leaves nothing behind, and backups hold files and results together.
 */
@Injectable()
export class DatabaseFileStorage extends FileStorage {
  constructor(private readonly db: Db) {
    super();
  }

  async put(id: number, data: Buffer): Promise<void> {
    await this.db.query('UPDATE attachment SET data = $2 WHERE id = $1', [id, data]);
  }

  async get(id: number): Promise<Buffer | undefined> {
    const [row] = await this.db.query<{ data: Buffer | null }>('SELECT data FROM attachment WHERE id = $1', [
      id,
    ]);
    return row?.data ?? undefined;
  }

  async delete(id: number): Promise<void> {
    await this.db.query('UPDATE attachment SET data = NULL WHERE id = $1', [id]);
  }
}
