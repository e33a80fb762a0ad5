import { Text } from '@mantine/core';
import { madeWithOlderVersion, testVersionLabel, type RunReport } from '@sweepline/domain';

type Versions = Pick<RunReport, 'seqVersion' | 'currentSeqVersion'>;

/**
 * The runs table's Version cell (issue 28): the test's version the run was made with, and a note
 * when the test has been edited since, so an old result is not read against today's limits.
 */
export function RunVersionCell({ run }: { run: Versions }) {
  return (
    <>
      {run.seqVersion}
      {madeWithOlderVersion(run) && (
        <Text span size="xs" c="orange.9" fw={600} ml={6} role="note">
          older (now {run.currentSeqVersion})
        </Text>
      )}
    </>
  );
}

/** Under the selected run's title: 'Test version 7', and what changed when it is not the current one. */
export function RunVersionNote({ run }: { run: Versions }) {
  return (
    <Text size="sm">
      {testVersionLabel(run.seqVersion)}
      {madeWithOlderVersion(run) && (
        <Text span size="sm" c="orange.9" fw={600} role="note">
          {' '}
          — an older version: the test has been edited since and is now at version {run.currentSeqVersion}, so
          its steps and limits may differ.
        </Text>
      )}
    </Text>
  );
}
