import { escapeLiteral, type Connection, type PoolClient, type Submittable } from 'pg';

/** What every `COPY … (FORMAT binary)` stream opens with; then 32-bit flags and an extension length. */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;
/** The field count that marks the end of the rows. */
const TRAILER = -1;

/** A row's fields as PostgreSQL sends them in binary; undefined for NULL. */
export type CopyRow = (Buffer | undefined)[];

/** A parameter of a COPY's select: a safe integer or a text. */
export type CopyParam = number | string;

/**
 * COPY takes no bind parameters: `$1`, `$2`… of `select` are written into the statement, integers
 * as numbers and texts as quoted literals (pg's escapeLiteral: quotes and backslashes doubled), and
 * nothing else is accepted, so nothing can be injected.
 */
function withLiterals(select: string, params: readonly CopyParam[]): string {
  return select.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value === 'string') return escapeLiteral(value);
    if (value === undefined || !Number.isSafeInteger(value))
      throw new Error(`COPY: parameter $${n} must be an integer or a text, got ${String(value)}`);
    return String(value);
  });
}

/**
 * `COPY (select) TO STDOUT (FORMAT binary)` on one client: each row's fields are handed to `onRow`
 * as the bytes PostgreSQL sent, with no decoding (a text column's bytes are its UTF-8 text as is;
 * the text format would escape its backslashes and control characters). The fields are views of
 * the driver's read buffer, valid only during the call: `onRow` copies what it keeps.
 *
 * `pause()` stops reading the connection (PostgreSQL then waits on its socket) and `resume()` goes
 * on; rows already received are still handed over while paused. `abort()` closes the connection:
 * a COPY cannot be left half read, so the client must not go back to the pool. `done` resolves
 * with the number of rows once the statement is complete.
 */
export class CopyOut implements Submittable {
  readonly done: Promise<number>;
  private settle!: { resolve: (rows: number) => void; reject: (error: unknown) => void };
  private readonly statement: string;
  private connection?: Connection;
  private paused = false;
  private aborted = false;
  private headerRead = false;
  private ended = false;
  private rows = 0;
  private rowError?: { error: unknown };
  /** The start of what the next message completes, copied (the driver reuses its buffer). */
  private carry?: Buffer;

  constructor(
    select: string,
    params: readonly CopyParam[],
    private readonly onRow: (fields: CopyRow) => void,
  ) {
    this.statement = `COPY (${withLiterals(select, params)}) TO STDOUT (FORMAT binary)`;
    this.done = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
  }

  /** Runs the COPY on `client`; its queue keeps the order of the statements sent to it. */
  static run(
    client: PoolClient,
    select: string,
    params: readonly CopyParam[],
    onRow: (fields: CopyRow) => void,
  ): CopyOut {
    return client.query(new CopyOut(select, params, onRow));
  }

  /** Every row of the COPY on `client`, each field copied out of the driver's reused buffer. */
  static async rows(client: PoolClient, select: string, params: readonly CopyParam[]): Promise<CopyRow[]> {
    const rows: CopyRow[] = [];
    await CopyOut.run(client, select, params, (fields) => rows.push(fields.map((f) => f && Buffer.from(f))))
      .done;
    return rows;
  }

  pause(): void {
    this.paused = true;
    this.connection?.stream.pause();
  }

  resume(): void {
    this.paused = false;
    this.connection?.stream.resume();
  }

  abort(): void {
    this.aborted = true;
    this.connection?.stream.destroy();
  }

  /** Called by pg when the client's turn comes. */
  submit(connection: Connection): void {
    this.connection = connection;
    if (this.aborted) return void connection.stream.destroy();
    if (this.paused) connection.stream.pause();
    connection.query(this.statement);
  }

  /** Called by pg for each CopyData message: one row each, the first also holds the header. */
  handleCopyData(message: { chunk: Buffer }): void {
    const data = this.carry ? Buffer.concat([this.carry, message.chunk]) : message.chunk;
    let at = this.headerRead ? 0 : this.readHeader(data);
    if (at < 0)
      at = 0; // the header is not all here: everything waits for the next message
    else for (let next = this.readRow(data, at); next >= 0; next = this.readRow(data, at)) at = next;
    this.carry = at < data.length ? Buffer.from(data.subarray(at)) : undefined;
  }

  handleCommandComplete(): void {}

  handleReadyForQuery(): void {
    if (this.rowError) this.settle.reject(this.rowError.error);
    else if (!this.ended || this.carry) this.settle.reject(new Error('COPY: the rows ended early'));
    else this.settle.resolve(this.rows);
  }

  handleError(error: Error): void {
    if (this.paused) this.connection?.stream.resume();
    this.settle.reject(error);
  }

  /** The offset after the header, or -1 when `data` does not hold all of it yet. */
  private readHeader(data: Buffer): number {
    if (data.length < HEADER_BYTES) return -1;
    if (!data.subarray(0, SIGNATURE.length).equals(SIGNATURE)) {
      this.rowError ??= { error: new Error('COPY: not a binary COPY stream') };
      this.ended = true;
      return data.length;
    }
    const end = HEADER_BYTES + data.readUInt32BE(HEADER_BYTES - 4);
    if (data.length < end) return -1;
    this.headerRead = true;
    return end;
  }

  /** Hands over the row at `at`; answers the offset after it, or -1 when it is not all here. */
  private readRow(data: Buffer, at: number): number {
    if (this.ended || at + 2 > data.length) return -1;
    const count = data.readInt16BE(at);
    if (count === TRAILER) {
      this.ended = true;
      return at + 2;
    }
    const fields: CopyRow = [];
    let offset = at + 2;
    for (let i = 0; i < count; i++) {
      if (offset + 4 > data.length) return -1;
      const length = data.readInt32BE(offset);
      offset += 4;
      if (length < 0) {
        fields.push(undefined);
        continue;
      }
      if (offset + length > data.length) return -1;
      fields.push(data.subarray(offset, offset + length));
      offset += length;
    }
    this.rows++;
    // the driver's parser calls us: an error thrown here would be lost in it, so it waits for the end
    if (!this.rowError) {
      try {
        this.onRow(fields);
      } catch (error) {
        this.rowError = { error };
      }
    }
    return offset;
  }
}
