/**
 * The bytes received but not yet parsed, kept as the chunks the socket delivered: a reply split
 * over many TCP segments is joined once when it is complete, never copied segment by segment.
 */
export class ByteQueue {
  private chunks: Buffer[] = [];
  /** Bytes of chunks[0] already consumed. */
  private offset = 0;
  private size = 0;

  get length(): number {
    return this.size;
  }

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.chunks.push(
      Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length),
    );
    this.size += chunk.length;
  }

  /** The byte at `index` from the front, or -1 past the end. */
  byteAt(index: number): number {
    if (index < 0 || index >= this.size) return -1;
    let at = index + this.offset;
    for (const chunk of this.chunks) {
      if (at < chunk.length) return chunk[at] ?? -1;
      at -= chunk.length;
    }
    return -1;
  }

  /** Position of the first `byte` at or after `from`, or -1. */
  indexOf(byte: number, from = 0): number {
    let base = -this.offset;
    for (let i = 0; i < this.chunks.length; i++) {
      const chunk = this.chunks[i] as Buffer;
      const start = Math.max(from - base, i === 0 ? this.offset : 0);
      const found = start < chunk.length ? chunk.indexOf(byte, start) : -1;
      if (found >= 0) return base + found;
      base += chunk.length;
    }
    return -1;
  }

  /** Removes and returns the first `count` bytes (count <= length). */
  take(count: number): Buffer {
    if (count > this.size) throw new RangeError(`take(${count}) with only ${this.size} bytes queued`);
    const parts: Buffer[] = [];
    let needed = count;
    while (needed > 0) {
      const chunk = this.chunks[0] as Buffer;
      const available = chunk.length - this.offset;
      const used = Math.min(available, needed);
      parts.push(chunk.subarray(this.offset, this.offset + used));
      needed -= used;
      if (used === available) {
        this.chunks.shift();
        this.offset = 0;
      } else {
        this.offset += used;
      }
    }
    this.size -= count;
    return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, count);
  }
}
