import type { Command } from 'commander';
import type { SeqReleases } from '@sweepline/domain';
import type { ConnectionOptions } from '../client/connect';
import { addConnectionOptions, connect } from '../client/connect';
import { printJson, printTable, say } from '../io/terminal';
import { findProductTest } from '../tests/find-test';

interface TestReleasesOptions extends ConnectionOptions {
  json?: boolean;
}

/** An ISO time as the CLI's tables show it: `2026-11-29 04:10:03` (UTC). */
const utc = (iso: string) => iso.replace('T', ' ').replace(/(\.\d+)?Z$/, '');

/** The line under the table: which release runs, and whether the draft moved on from it. */
export function runsLine(releases: SeqReleases): string {
  const runs =
    releases.runnableNo === null ? 'No release runs yet' : `The runner runs release ${releases.runnableNo}`;
  return `${runs}; the draft ${releases.draftDiffers ? 'differs from the newest release' : 'is the newest release'}.`;
}

/** `sweepline test releases PRODUCT TEST` (docs/cli.md, "Releases"): the test's releases, newest first. */
export async function testReleasesAction(
  productRef: string,
  testRef: string,
  options: TestReleasesOptions,
): Promise<void> {
  const api = connect(options);
  const { test } = findProductTest(await api.editorProducts(), productRef, testRef);
  const releases = await api.seqReleases(test.id);
  if (options.json) return printJson(releases);
  printTable(
    ['NO', 'STATE', 'KIND', 'BY', 'WHEN (UTC)', 'NOTE'],
    releases.releases.map((r) => [
      String(r.no),
      r.state === 'rejected' && r.reason ? `rejected: ${r.reason}` : r.state,
      r.kind === 'rollback' && r.rolledBackFrom !== null ? `rollback to ${r.rolledBackFrom}` : r.kind,
      r.createdBy,
      utc(r.createdAt),
      r.note,
    ]),
  );
  say(runsLine(releases));
}

export function register(test: Command): void {
  addConnectionOptions(
    test
      .command('releases')
      .description("A test's releases, newest first: number, state, kind, who, when and note")
      .argument('<product>', 'the product, by name or id')
      .argument('<test>', 'the test, by name or id')
      .option('--json', 'print the releases as JSON'),
  )
    .addHelpText(
      'after',
      `
Example:
  $ sweepline test releases F-200 "Pass band"
  $ sweepline test releases F-200 "Pass band" --json | jq '.releases[0].no'`,
    )
    .action(testReleasesAction);
}
