import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  fstatSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { AttachmentKind, RunUpload, RunUploadAnswer } from '@sweepline/domain';

/**
 * The run journal (docs/requirements/runner.md#on-the-lab-pc): every finished run is appended to runs.jsonl and
 * flushed to disk (fsync) before any upload, its files first; an upload appends a line marking it
 * done (or refused for good). What has no such line is the queue: it uploads on the next start,
 * so a run survives a lost network and a PC losing power between measuring and uploading. One
 * runner per PC holds the journal's lock file.
 */
export interface JournalAttachment {
  readonly stepIndex: number;
  readonly kind: AttachmentKind;
  readonly fileName: string;
}

export interface JournalRun {
  readonly upload: RunUpload;
  readonly productName: string;
  readonly seqName: string;
  readonly attachments: readonly JournalAttachment[];
}

export type JournalState =
  | { readonly state: 'waiting' }
  | { readonly state: 'uploaded'; readonly answer: RunUploadAnswer; readonly at: string }
  | { readonly state: 'refused'; readonly message: string; readonly at: string };

export interface JournalEntry {
  readonly run: JournalRun;
  readonly status: JournalState;
}

type Line =
  | { kind: 'run'; run: JournalRun }
  | { kind: 'uploaded'; id: string; answer: RunUploadAnswer; at: string }
  | { kind: 'refused'; id: string; message: string; at: string };

export class JournalLocked extends Error {
  override readonly name = 'JournalLocked';
}

const RUNS = 'runs.jsonl';
const LOCK = 'lock';
const FILES = 'files';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A client run id is letters, digits and . _ : - (RUN_LIMITS), so it is a safe folder name. */
function safeName(name: string): string {
  return name.replace(/[\\/:*?"<>|\0]/g, '_');
}

export class Journal {
  private readonly entries = new Map<string, { run: JournalRun; status: JournalState }>();
  private locked = false;
  private readonly release = () => this.unlock();

  private constructor(readonly dir: string) {}

  /** Opens (creating) the journal in `dir`, taking its lock; a stale lock of a dead process is taken over. */
  static open(dir: string): Journal {
    mkdirSync(join(dir, FILES), { recursive: true });
    const journal = new Journal(dir);
    journal.lock();
    try {
      journal.load();
    } catch (error) {
      journal.close();
      throw error;
    }
    return journal;
  }

  /** Reads the journal without taking the lock (for `sweepline queue` while a runner works). */
  static read(dir: string): JournalEntry[] {
    const journal = new Journal(dir);
    journal.load();
    return journal.list();
  }

  list(): JournalEntry[] {
    return [...this.entries.values()].map(({ run, status }) => ({ run, status }));
  }

  waiting(): JournalRun[] {
    return this.list()
      .filter((e) => e.status.state === 'waiting')
      .map((e) => e.run);
  }

  /** Writes the run's files, then the run, each flushed to disk, before the caller uploads it. */
  append(run: JournalRun, files: ReadonlyMap<string, Uint8Array>): void {
    const id = run.upload.client_run_id;
    if (this.entries.has(id)) throw new Error(`Run ${id} is already in the journal`);
    if (files.size > 0) {
      const folder = join(this.dir, FILES, safeName(id));
      mkdirSync(folder, { recursive: true });
      for (const [name, bytes] of files) writeDurably(join(folder, safeName(name)), bytes, 'w');
    }
    this.write({ kind: 'run', run });
    this.entries.set(id, { run, status: { state: 'waiting' } });
  }

  file(id: string, fileName: string): Uint8Array {
    return readFileSync(join(this.dir, FILES, safeName(id), safeName(fileName)));
  }

  markUploaded(id: string, answer: RunUploadAnswer): void {
    const at = new Date().toISOString();
    this.write({ kind: 'uploaded', id, answer, at });
    this.setStatus(id, { state: 'uploaded', answer, at });
  }

  markRefused(id: string, message: string): void {
    const at = new Date().toISOString();
    this.write({ kind: 'refused', id, message, at });
    this.setStatus(id, { state: 'refused', message, at });
  }

  close(): void {
    this.unlock();
  }

  private setStatus(id: string, status: JournalState): void {
    const entry = this.entries.get(id);
    if (entry) entry.status = status;
  }

  private write(line: Line): void {
    const file = join(this.dir, RUNS);
    // a line torn by a power cut is left alone; the next line starts on a line of its own
    const prefix = endsMidLine(file) ? '\n' : '';
    writeDurably(file, Buffer.from(`${prefix}${JSON.stringify(line)}\n`), 'a');
  }

  private load(): void {
    const file = join(this.dir, RUNS);
    if (!existsSync(file)) return;
    for (const text of readFileSync(file, 'utf8').split('\n')) {
      if (text.trim() === '') continue;
      let line: Line;
      try {
        line = JSON.parse(text) as Line;
      } catch {
        continue; // the torn end of a write cut short by a power cut: that run was never reported done
      }
      if (line.kind === 'run')
        this.entries.set(line.run.upload.client_run_id, { run: line.run, status: { state: 'waiting' } });
      else if (line.kind === 'uploaded')
        this.setStatus(line.id, { state: 'uploaded', answer: line.answer, at: line.at });
      else if (line.kind === 'refused')
        this.setStatus(line.id, { state: 'refused', message: line.message, at: line.at });
    }
  }

  private lock(): void {
    const file = join(this.dir, LOCK);
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(file, 'wx');
        writeSync(fd, String(process.pid));
        closeSync(fd);
        this.locked = true;
        process.once('exit', this.release);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const pid = Number(readFileSync(file, 'utf8').trim());
        if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
          throw new JournalLocked(
            `Another Sweepline runner (process ${pid}) is using the run journal in ${this.dir}: one runner per PC at a time.`,
          );
        }
        unlinkSync(file); // left behind by a runner that died
      }
    }
    throw new JournalLocked(`Cannot take the journal lock ${file}`);
  }

  private unlock(): void {
    if (!this.locked) return;
    this.locked = false;
    process.off('exit', this.release);
    try {
      unlinkSync(join(this.dir, LOCK));
    } catch {
      // already gone
    }
  }
}

function writeDurably(file: string, bytes: Uint8Array, flags: 'a' | 'w'): void {
  const fd = openSync(file, flags);
  try {
    writeSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function endsMidLine(file: string): boolean {
  if (!existsSync(file)) return false;
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size === 0) return false;
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    return last[0] !== 0x0a;
  } finally {
    closeSync(fd);
  }
}

/** Exported for tests that simulate a torn write. */
export function journalRunsFile(dir: string): string {
  return join(dir, RUNS);
}
