import type { Command } from 'commander';
import { RELEASE_MSG, releaseNoteError, type SeqRelease } from '@sweepline/domain';
import type { ConnectionOptions } from '../client/connect';
import { addConnectionOptions, connect } from '../client/connect';
import { UsageError } from '../exit-codes';
import { printJson, say } from '../io/terminal';
import { findProductTest } from '../tests/find-test';

interface TestReleaseOptions extends ConnectionOptions {
  note: string;
  json?: boolean;
}

/** What `test release` says of the release the server made. */
export function releasedLine(testName: string, release: SeqRelease): string {
  return release.state === 'waiting'
    ? `Release ${release.no} of ${testName} waits for a manager's approval; the runner keeps running the release before it.`
    : `Released ${testName} as release ${release.no}: the runner runs it from the next unit on.`;
}

/**
 * `sweepline test release PRODUCT TEST --note TEXT` (docs/cli.md, "Releases"): releases the
 * test's draft. Exit 0 released or waiting for approval (the line says which), 1 refused by the
 * server (its message: an incomplete draft, nothing new), 2 a bad note or an unknown product or test.
 */
export async function testReleaseAction(
  productRef: string,
  testRef: string,
  options: TestReleaseOptions,
): Promise<void> {
  const problem = releaseNoteError(options.note);
  if (problem) throw new UsageError(`${problem} (--note).`);
  const api = connect(options);
  const { test } = findProductTest(await api.editorProducts(), productRef, testRef);
  const release = await api.release(test.id, options.note.trim());
  if (options.json) printJson(release);
  say(releasedLine(test.name, release));
}

export function register(test: Command): void {
  addConnectionOptions(
    test
      .command('release')
      .description("Release a test's draft with a note: the runner then runs this release")
      .argument('<product>', 'the product, by name or id')
      .argument('<test>', 'the test, by name or id')
      .requiredOption('-n, --note <text>', `why: ${RELEASE_MSG.note.toLowerCase()}`)
      .option('--json', 'print the release made as JSON'),
  )
    .addHelpText(
      'after',
      `
Exit codes: 0 released, or waiting for a second person's approval (the message says which);
1 refused by the server, with its reason (the draft is not complete, or is the newest release);
2 a bad note, or an unknown product or test.

Example, in CI after an import:
  $ sweepline test import tests/f-200.json && sweepline test release F-200 "Pass band" --note "$CI_COMMIT_TITLE"`,
    )
    .action(testReleaseAction);
}
