import type { Command } from 'commander';
import { register as registerDiff } from './test-diff';
import { register as registerExport } from './test-export';
import { register as registerImport } from './test-import';
import { register as registerRelease } from './test-release';
import { register as registerReleases } from './test-releases';

/** `sweepline test …`: test plans as files, for version control, and their releases (docs/cli.md). */
export function register(program: Command): void {
  const test = program
    .command('test')
    .description('Tests as files: export, import, diff; releases: release, list, compare');
  registerExport(test);
  registerImport(test);
  registerDiff(test);
  registerRelease(test);
  registerReleases(test);
}
