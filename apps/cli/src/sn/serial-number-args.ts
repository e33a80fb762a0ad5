import { readFileSync } from 'node:fs';
import { UsageError } from '../exit-codes';
import { readStdin } from '../io/terminal';
import { checkLines } from './check-lines';
import { readLines } from './read-lines';

/**
 * The serial numbers a jump or a delete names: on the command line and/or in a file (`-` for
 * standard input), one per line. Any line breaking the rules refuses the whole command before a
 * call is made (exit 1), naming every bad line.
 */
export async function serialNumberArgs(args: readonly string[], file: string | undefined): Promise<string[]> {
  let text = args.join('\n');
  if (file !== undefined) {
    let content: string;
    try {
      content = file === '-' ? await readStdin() : readFileSync(file, 'utf8');
    } catch (error) {
      throw new UsageError(
        `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
    text = text === '' ? content : `${text}\n${content}`;
  }
  const { valid, refused } = checkLines(readLines(text, {}));
  if (refused.length > 0) {
    throw new Error(
      `Nothing was changed: ${refused.length} serial number${refused.length === 1 ? ' is' : 's are'} refused:\n${refused
        .slice(0, 20)
        .map((r) => `  ${r.value === '' ? '(empty)' : r.value}: ${r.reason}`)
        .join('\n')}`,
    );
  }
  if (valid.length === 0)
    throw new UsageError('Name the serial numbers: as arguments, or with --file (- for standard input).');
  return valid;
}

/** Runs `call` on slices of at most `size` (the API's 1000 per call). */
export async function inChunks<T>(
  items: readonly T[],
  size: number,
  call: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < items.length; start += size) await call(items.slice(start, start + size));
}
