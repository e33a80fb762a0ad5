import type { Writable } from 'node:stream';

/**
 * A minimal tar (POSIX ustar) writer and reader, for the account export and the backups: regular
 * files only, names up to 100 bytes, each file given whole. Both stream: the writer waits for the
 * destination to drain, the reader holds one file at a time.
 */
const BLOCK = 512;

function octal(header: Buffer, offset: number, length: number, value: number): void {
  header.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'ascii');
}

function header(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar: the name ${name} is longer than 100 bytes`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  octal(block, 100, 8, 0o644);
  octal(block, 108, 8, 0);
  octal(block, 116, 8, 0);
  octal(block, 124, 12, size);
  octal(block, 136, 12, Math.floor(mtime.getTime() / 1000));
  block.fill(' ', 148, 156); // the checksum counts its own field as spaces
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return block;
}

export class TarWriter {
  constructor(
    private readonly out: Writable,
    private readonly mtime = new Date(),
  ) {}

  async file(name: string, data: Buffer): Promise<void> {
    await this.write(header(name, data.length, this.mtime));
    await this.write(data);
    const padding = (BLOCK - (data.length % BLOCK)) % BLOCK;
    if (padding) await this.write(Buffer.alloc(padding));
  }

  /** The two empty blocks that end an archive; the destination is left open. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(2 * BLOCK));
  }

  /** Resolves once the destination takes more; rejects when it was closed (a download cancelled). */
  private write(chunk: Buffer): Promise<void> {
    const out = this.out;
    if (out.destroyed || out.writableEnded) return Promise.reject(new Error('The destination was closed'));
    if (out.write(chunk)) return Promise.resolve();
    return new Promise((done, fail) => {
      const settle = (error?: Error) => {
        out.off('drain', onDrain);
        out.off('close', onClose);
        out.off('error', settle);
        if (error) fail(error);
        else done();
      };
      const onDrain = () => settle();
      const onClose = () => settle(new Error('The destination was closed'));
      out.on('drain', onDrain);
      out.on('close', onClose);
      out.on('error', settle);
    });
  }
}

export interface TarFile {
  name: string;
  data: Buffer;
}

/** Collects bytes from a stream and hands out exact lengths of them. */
class ByteQueue {
  private chunks: Buffer[] = [];
  private length = 0;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  has(n: number): boolean {
    return this.length >= n;
  }

  take(n: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length);
    this.chunks = all.length > n ? [all.subarray(n)] : [];
    this.length = all.length - n;
    return all.subarray(0, n);
  }
}

function field(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

/** The regular files of a tar stream, in order; anything else in it is skipped. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarFile> {
  const queue = new ByteQueue();
  const iterator = source[Symbol.asyncIterator]();
  const fill = async (n: number): Promise<boolean> => {
    while (!queue.has(n)) {
      const next = await iterator.next();
      if (next.done) return false;
      queue.push(next.value);
    }
    return true;
  };
  for (;;) {
    if (!(await fill(BLOCK))) throw new Error('tar: the archive ends without its end marker');
    const block = queue.take(BLOCK);
    if (block.every((byte) => byte === 0)) return;
    const size = parseInt(field(block, 124, 12).trim() || '0', 8);
    const prefix = field(block, 345, 155);
    const name = prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100);
    const type = String.fromCharCode(block[156]!);
    const padded = Math.ceil(size / BLOCK) * BLOCK;
    if (!Number.isInteger(size) || !(await fill(padded))) throw new Error(`tar: ${name} is cut short`);
    const data = Buffer.from(queue.take(padded).subarray(0, size));
    if (type === '0' || type === '\0') yield { name, data };
  }
}
