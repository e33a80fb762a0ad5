import { Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import type { PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import type { AccountCtx } from '../auth/auth-context';
import { TarWriter } from '../archive/tar';
import { FileStorage } from '../storage/file-storage';
import { ATTACHMENTS_SQL, COLLECTIONS } from './export-collections';

/** Rows asked of PostgreSQL at a time: enough to keep it busy, little enough to hold. */
const FETCH_ROWS = 2000;
/** A part file ends at this many rows or bytes, whichever comes first: memory stays flat. */
const PART_ROWS = 10_000;
const PART_BYTES = 8 * 1024 * 1024;
/** Every file of the archive lies in this folder. */
export const EXPORT_ROOT = 'sweepline-export';
export const EXPORT_FORMAT = { format: 'sweepline-account-export', version: 1 };

const partName = (collection: string, part: number) =>
  `${EXPORT_ROOT}/${collection}/${String(part).padStart(5, '0')}.json`;

/** The file's name in the archive: its id first (unique), then its own name where it fits. */
function attachmentPath(id: string, fileName: string): string {
  const base = `${EXPORT_ROOT}/attachments/files/${id}`;
  const safe = [...fileName].map((c) => (c < ' ' || c === '/' || c === '\\' ? '_' : c)).join('');
  const room = 100 - Buffer.byteLength(base) - 1;
  let name = safe;
  while (Buffer.byteLength(name) > room) name = name.slice(1);
  return name ? `${base}-${name}` : base;
}

/**
 * The manager's download of the whole account (issue 16): a tar of JSON files, written while it is
 * read. One REPEATABLE READ transaction gives every collection the same snapshot; a cursor walks
 * each table, so a million runs pass through in parts of bounded size and nothing waits in memory
 * for the client (the archive waits for the connection to drain).
 */
@Injectable()
export class AccountExportService {
  private readonly log = new Logger('AccountExport');

  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: FileStorage,
  ) {}

  async write(acct: AccountCtx, res: Response): Promise<void> {
    const runner = this.dataSource.createQueryRunner();
    const client = (await runner.connect()) as PoolClient;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const [account] = (
        await client.query<{ j: string }>(
          `SELECT json_build_object('id', id, 'name', name, 'createdAt', created_at,
                  'exportedAt', now())::text AS j FROM account WHERE id = $1`,
          [acct.accountId],
        )
      ).rows;
      const day = new Date().toISOString().slice(0, 10);
      res.status(200);
      res.setHeader('Content-Type', 'application/x-tar');
      res.setHeader('Content-Disposition', `attachment; filename="sweepline-export-${day}.tar"`);
      res.setHeader('Cache-Control', 'private, no-store');
      const tar = new TarWriter(res);
      const counts: Record<string, number> = {};
      await tar.file(
        `${EXPORT_ROOT}/account.json`,
        json({ ...EXPORT_FORMAT, account: JSON.parse(account!.j) as unknown }),
      );
      for (const { name, sql } of COLLECTIONS) {
        counts[name] = await this.collection(client, tar, name, sql, acct.accountId);
      }
      counts.attachments = await this.collection(
        client,
        tar,
        'attachments',
        ATTACHMENTS_SQL,
        acct.accountId,
        (row) => this.attachmentFile(tar, row[1]!, row[2]!),
      );
      // last, so that a reader can tell a whole archive from one cut short
      await tar.file(`${EXPORT_ROOT}/summary.json`, json({ ...EXPORT_FORMAT, counts }));
      await tar.finish();
      await client.query('COMMIT');
      res.end();
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      if (!res.headersSent) throw error;
      // the status is sent: only a cut connection tells the client the archive is incomplete
      if (!res.destroyed) this.log.error(`Export of account ${acct.accountId} failed: ${String(error)}`);
      res.destroy();
    } finally {
      await runner.release();
    }
  }

  /**
   * One collection through a cursor, in parts; answers its number of rows. `eachRow` gets the
   * columns after the JSON, for rows that bring a file along.
   */
  private async collection(
    client: PoolClient,
    tar: TarWriter,
    name: string,
    sql: string,
    accountId: number,
    eachRow?: (row: string[]) => Promise<void>,
  ): Promise<number> {
    await client.query(`DECLARE export_rows NO SCROLL CURSOR FOR ${sql}`, [accountId]);
    let rows = 0;
    let part = 0;
    let pending: string[] = [];
    let bytes = 0;
    const flush = async () => {
      await tar.file(partName(name, ++part), Buffer.from(`[\n${pending.join(',\n')}\n]\n`));
      pending = [];
      bytes = 0;
    };
    const fetch = () =>
      client
        .query<string[]>({ text: `FETCH ${FETCH_ROWS} FROM export_rows`, rowMode: 'array' })
        .then((result) => result.rows);
    // the next batch is asked for while this one is written out
    let next = fetch();
    for (;;) {
      const batch = await next;
      const more = batch.length === FETCH_ROWS;
      if (more) next = fetch();
      for (const columns of batch) {
        const row = columns[0]!;
        if (eachRow) await eachRow(columns);
        pending.push(row);
        bytes += row.length;
        if (pending.length >= PART_ROWS || bytes >= PART_BYTES) await flush();
      }
      rows += batch.length;
      if (!more) break;
    }
    // an empty collection still has its first part: a reader finds every folder
    if (pending.length > 0 || part === 0) await flush();
    await client.query('CLOSE export_rows');
    return rows;
  }

  private async attachmentFile(tar: TarWriter, id: string, fileName: string): Promise<void> {
    const data = await this.storage.get(Number(id));
    // a file its storage lost is named in the rows all the same; there is nothing more to give
    if (data) await tar.file(attachmentPath(id, fileName), data);
  }
}

function json(value: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
}
