import type { Command } from 'commander';
import { register as registerDiff } from './test-diff';
import { register as registerExport } from './test-export';
import { register as registerImport } from './test-import';

/** `sweepline test …`: test plans as files, for version control (docs/cli.md). */
export function register(program: Command): void {
  const test = program.command('test').description('Tests as files: export, import, diff');
  registerExport(test);
  registerImport(test);
  registerDiff(test);
}
