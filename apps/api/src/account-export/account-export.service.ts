import { Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import type { AccountCtx } from '../auth/auth-context';
import { TarWriter } from '../archive/tar';
import { FileStorage } from '../storage/file-storage';
import { AccountExportRepository, ExportSnapshot } from './account-export.repository';
import { ATTACHMENTS_SQL, COLLECTIONS } from './export-collections';
import { JsonParts } from './json-parts';

/** A part file ends at this many rows or bytes, whichever comes first: memory stays flat. */
const PART_ROWS = 10_000;
const PART_BYTES = 8 * 1024 * 1024;
/** Writes that may wait while the COPY reads on: one part goes out while the next one fills. */
const WRITES_AHEAD = 1;
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
 * read. One REPEATABLE READ transaction gives every collection the same snapshot; a COPY streams
 * each table, so a million runs pass through in parts of bounded size and nothing waits in memory
 * for the client (the archive waits for the connection to drain, and the COPY for the archive).
 */
@Injectable()
export class AccountExportService {
  private readonly log = new Logger('AccountExport');

  constructor(
    private readonly exports: AccountExportRepository,
    private readonly storage: FileStorage,
  ) {}

  async write(acct: AccountCtx, res: Response): Promise<void> {
    const snapshot = await this.exports.snapshot();
    try {
      const account = await snapshot.account(acct.accountId);
      const day = new Date().toISOString().slice(0, 10);
      res.status(200);
      res.setHeader('Content-Type', 'application/x-tar');
      res.setHeader('Content-Disposition', `attachment; filename="sweepline-export-${day}.tar"`);
      res.setHeader('Cache-Control', 'private, no-store');
      const tar = new TarWriter(res);
      const counts: Record<string, number> = {};
      await tar.file(
        `${EXPORT_ROOT}/account.json`,
        json({ ...EXPORT_FORMAT, account: JSON.parse(account) as unknown }),
      );
      for (const { name, sql } of COLLECTIONS) {
        counts[name] = await this.collection(snapshot, tar, name, sql, acct.accountId);
      }
      counts.attachments = await this.collection(
        snapshot,
        tar,
        'attachments',
        ATTACHMENTS_SQL,
        acct.accountId,
        ([id, fileName]) => this.attachmentFile(tar, id!, fileName!),
      );
      // last, so that a reader can tell a whole archive from one cut short
      await tar.file(`${EXPORT_ROOT}/summary.json`, json({ ...EXPORT_FORMAT, counts }));
      await tar.finish();
      await snapshot.commit();
      res.end();
    } catch (error) {
      await snapshot.rollback();
      if (!res.headersSent) throw error;
      // the status is sent: only a cut connection tells the client the archive is incomplete
      if (!res.destroyed) this.log.error(`Export of account ${acct.accountId} failed: ${String(error)}`);
      res.destroy();
    } finally {
      snapshot.release();
    }
  }

  /**
   * One collection through COPY, in parts; answers its number of rows. The rows come as the JSON
   * bytes PostgreSQL made and go into the parts as they are (no text decoding). Each full part, and
   * each attachment's file, is written in order; the COPY waits while more than WRITES_AHEAD are
   * pending, so memory holds about two parts.
   * `eachFile` gets the columns after the JSON (as text), for rows that bring a file along.
   */
  private async collection(
    snapshot: ExportSnapshot,
    tar: TarWriter,
    name: string,
    select: string,
    accountId: number,
    eachFile?: (columns: string[]) => Promise<void>,
  ): Promise<number> {
    const parts = new JsonParts(PART_ROWS, PART_BYTES);
    let part = 0;
    const writePart = (data: Buffer) => () => tar.file(partName(name, ++part), data);
    let writing = Promise.resolve();
    let waiting = 0;
    let failed: { error: unknown } | undefined;
    const later = (work: () => Promise<void>) => {
      if (++waiting > WRITES_AHEAD) copy.pause();
      writing = writing.then(async () => {
        if (failed) return;
        try {
          await work();
        } catch (error) {
          failed = { error };
          copy.abort(); // a cancelled download: PostgreSQL stops with the connection
          return;
        }
        if (--waiting === WRITES_AHEAD) copy.resume();
      });
    };
    const copy = snapshot.copy(select, accountId, (fields) => {
      if (eachFile) {
        const columns = fields.slice(1).map((column) => column?.toString('utf8') ?? '');
        later(() => eachFile(columns));
      }
      const full = parts.add(fields[0]!);
      if (full) later(writePart(full));
    });
    const rows = await copy.done.catch(async (error: unknown) => {
      await writing; // what was read before a failure of PostgreSQL's still goes out, in order
      throw failed ? failed.error : error;
    });
    await writing;
    if (failed) throw failed.error;
    await writePart(parts.finish())();
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
