const OPEN = Buffer.from('[\n');
const BETWEEN = Buffer.from(',\n');
const CLOSE = Buffer.from('\n]\n');
/** A part's first buffer; it grows by doubling, and the next part starts as large as the last. */
const FIRST_CAPACITY = 64 * 1024;

/**
 * Rows of JSON (bytes) joined into files of one JSON array each, `[\n` row `,\n` row … `\n]\n`, of
 * at most `maxRows` rows and `maxBytes` bytes (a single larger row gets a part of its own). Each
 * row is copied in as it comes, so its source buffer may be reused at once.
 */
export class JsonParts {
  private part: Buffer;
  private length = 0;
  private rows = 0;

  constructor(
    private readonly maxRows: number,
    private readonly maxBytes: number,
  ) {
    this.part = Buffer.allocUnsafe(Math.min(FIRST_CAPACITY, maxBytes));
    this.append(OPEN);
  }

  /** Adds a row; answers the part it did not fit in, now complete, if any. */
  add(row: Buffer): Buffer | undefined {
    const full =
      this.rows > 0 &&
      (this.rows >= this.maxRows || this.length + BETWEEN.length + row.length + CLOSE.length > this.maxBytes);
    const sealed = full ? this.seal() : undefined;
    if (this.rows > 0) this.append(BETWEEN);
    this.append(row);
    this.rows++;
    return sealed;
  }

  /** The last part: an empty array when no row came, so that a reader finds every folder. */
  finish(): Buffer {
    return this.seal();
  }

  private seal(): Buffer {
    this.append(CLOSE);
    const sealed = this.part.subarray(0, this.length);
    this.part = Buffer.allocUnsafe(this.part.length);
    this.length = 0;
    this.rows = 0;
    this.append(OPEN);
    return sealed;
  }

  private append(bytes: Buffer): void {
    const needed = this.length + bytes.length;
    if (needed > this.part.length) {
      let capacity = this.part.length * 2;
      while (capacity < needed) capacity *= 2;
      const grown = Buffer.allocUnsafe(capacity);
      this.part.copy(grown, 0, 0, this.length);
      this.part = grown;
    }
    bytes.copy(this.part, this.length);
    this.length = needed;
  }
}
