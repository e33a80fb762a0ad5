/** The line break that separates the serial numbers (a serial number holds none: isValidSerialNumber). */
const LINE_BREAK = 0x0a;

/**
 * A step's serial numbers as stepValues reads them, one per line in row order, UTF-8 (a line
 * break's byte is never part of another character): every one made into a string only when all are
 * asked for, the few of a sized chart's rule-breaking points taken out by position.
 */
export class SerialNumberLines {
  constructor(
    private readonly bytes: Buffer,
    private readonly count: number,
  ) {}

  /** Every serial number, in row order. */
  all(): string[] {
    if (this.count === 0) return [];
    const lines = this.bytes.toString('utf8').split('\n');
    if (lines.length !== this.count) throw this.mismatch(lines.length);
    return lines;
  }

  /** The serial numbers of rows `rows`, in that order. */
  at(rows: readonly number[]): string[] {
    if (rows.length === 0) return [];
    const starts = this.lineStarts();
    return rows.map((row) => {
      if (!(row >= 0 && row < this.count))
        throw new RangeError(`No serial number at row ${row} of ${this.count}`);
      return this.bytes.toString('utf8', starts[row]!, starts[row + 1]! - 1);
    });
  }

  /** Where each line starts, and one past the end (as if a line break followed the last). */
  private lineStarts(): Int32Array {
    const starts = new Int32Array(this.count + 1);
    let line = 1;
    for (let i = 0; i < this.bytes.length; i++) if (this.bytes[i] === LINE_BREAK) starts[line++] = i + 1;
    if (line !== this.count) throw this.mismatch(line);
    starts[this.count] = this.bytes.length + 1;
    return starts;
  }

  private mismatch(lines: number): Error {
    return new Error(`${this.count} rows came with ${lines} serial numbers`);
  }
}
