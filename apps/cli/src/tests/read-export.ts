import { readFileSync } from 'node:fs';
import type { TestExport } from '@sweepline/domain';
import { testExportErrors } from '@sweepline/domain';
import { UsageError } from '../exit-codes';
import { readStdin } from '../io/terminal';

/** A file the domain's rules refuse: nothing was (or will be) written. Exit code 1. */
export class RefusedFile extends Error {
  override readonly name = 'RefusedFile';
}

/**
 * A test-export file, read and checked whole with the domain's rules (the ones PUT /seq/import
 * applies), so an import writes nothing when any test of the file is broken.
 */
export async function readExport(file: string): Promise<TestExport> {
  let text: string;
  try {
    text = file === '-' ? await readStdin() : readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not JSON: ${(error as Error).message}`);
  }
  const [first] = testExportErrors(doc);
  if (first)
    throw new RefusedFile(
      `${file}: ${first.field ? `${first.field}: ` : ''}${first.message}. Nothing was written.`,
    );
  return doc as TestExport;
}
