import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { CopyOut, CopyRow } from '../database/copy-out';
import { ReadDb } from '../database/read-db';

/**
 * One REPEATABLE READ, read-only transaction on a connection of its own: every collection of an
 * export reads the same snapshot. Ended by commit() or rollback(), then release().
 */
export class ExportSnapshot {
  constructor(
    private readonly client: PoolClient,
    readonly release: () => void,
  ) {}

  /** The account's own record, as JSON text with the moment of the export. */
  async account(accountId: number): Promise<string> {
    const { rows } = await this.client.query<{ j: string }>(
      `SELECT json_build_object('id', id, 'name', name, 'createdAt', created_at,
              'exportedAt', now())::text AS j FROM account WHERE id = $1`,
      [accountId],
    );
    return rows[0]!.j;
  }

  /** Streams `select` (one of export-collections.ts) through COPY, row by row. */
  copy(select: string, accountId: number, onRow: (fields: CopyRow) => void): CopyOut {
    return CopyOut.run(this.client, select, [accountId], onRow);
  }

  async commit(): Promise<void> {
    await this.client.query('COMMIT');
  }

  /** After a COPY cut short the connection is closed (and left out of the pool): this fails at once. */
  async rollback(): Promise<void> {
    await this.client.query('ROLLBACK').catch(() => undefined);
  }
}

/** The account export's reads (issue 16): on the standby when there is one. */
@Injectable()
export class AccountExportRepository {
  constructor(private readonly reads: ReadDb) {}

  /** An export is a snapshot of a moment: a moment ago (the standby's lag) is fine. */
  async snapshot(): Promise<ExportSnapshot> {
    const { client, release } = await this.reads.client();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    } catch (error) {
      release();
      throw error;
    }
    return new ExportSnapshot(client, release);
  }
}
