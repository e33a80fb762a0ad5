import { Text } from '@mantine/core';
import { madeWithOlderRelease, olderReleaseNote, runReleaseLine, type RunReport } from '@sweepline/domain';
import { browserZoneOffset } from '@sweepline/ui';

type RunOfRelease = Pick<RunReport, 'seqVersion' | 'release'>;

/**
 * The runs table's Release cell (issue 39): the release the run was made with, marked when the
 * test has a newer one, so an old result is not read against today's limits; a run made before
 * releases keeps its test version (issue 28).
 */
export function RunReleaseCell({ run }: { run: RunOfRelease }) {
  const { release } = run;
  if (release === null)
    return (
      <Text span size="sm" c="dimmed">
        before releases (version {run.seqVersion})
      </Text>
    );
  return (
    <>
      {release.no}
      {madeWithOlderRelease(release) && (
        <Text span size="xs" c="orange.9" fw={600} ml={6} role="note">
          older (newest {release.newestNo})
        </Text>
      )}
    </>
  );
}

/**
 * Under the selected run's title: 'Release 7 · 2026-11-28 · note' (or 'Test version 3 · before
 * releases'), and for a run of an older release, that the test has a newer one.
 */
export function RunReleaseNote({ run }: { run: RunOfRelease }) {
  return (
    <Text size="sm">
      {runReleaseLine(run, browserZoneOffset(run.release ? new Date(run.release.at) : undefined))}
      {madeWithOlderRelease(run.release) && (
        <Text span size="sm" c="orange.9" fw={600} role="note" display="block">
          {olderReleaseNote(run.release)}: its steps and limits may differ from this run’s.
        </Text>
      )}
    </Text>
  );
}
