import { UsageError } from '../exit-codes';

/** Prompts only on a terminal (CONVENTIONS.md section 7): in CI, standard input is not one. */
export function canPrompt(): boolean {
  return process.stdin.isTTY === true && process.stdout.isTTY === true;
}

/** All of standard input as text (a piped password, a file given as `-`). */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Refuses with a usage error naming what to give instead of the prompt. */
export function noPrompt(what: string): never {
  throw new UsageError(`Standard input is not a terminal, so there is no prompt: ${what}`);
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Rows as aligned columns, the header first: easy to read, and `cut`/`awk`-able without it. */
export function printTable(header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  process.stdout.write(`${[line(header), ...rows.map(line)].join('\n')}\n`);
}

/** Messages about the work (progress, summaries) go to stderr, so stdout stays data. */
export function say(line: string): void {
  process.stderr.write(`${line}\n`);
}
