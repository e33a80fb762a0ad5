import { Badge, Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { SeqRelease, SeqReleases } from '@sweepline/domain';
import { localDateTime } from '@sweepline/ui';
import { DecisionButtons } from './DecisionButtons';
import { kindText, RELEASE_TEXTS, STATE_TEXTS } from './release-texts';
import { NoteCell } from './NoteCell';

/** Dark shades on white: small badge text keeps WCAG AA contrast (4.5:1; axe in the e2e). */
const STATE_COLORS = { released: 'teal.9', waiting: 'blue.9', rejected: 'red.9' } as const;

/**
 * A badge never narrower than its text: a badge cuts its label with an ellipsis, so a phone's
 * table (narrower than its columns' text) squeezed 'Waiting' to 'W..' and 'Runs now' to 'RUNS ...'.
 */
const WHOLE = 'max-content';

export interface ReleaseRowActions {
  /** Editors and managers: an older released release can be released again. */
  onRollback?: (no: number) => void;
  /** Managers: a waiting release is approved or rejected. */
  onApprove?: (no: number) => void;
  onReject?: (no: number) => void;
}

/** A release's state; a rejection with who rejected it and why. */
function State({ release }: { release: SeqRelease }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge variant="outline" color={STATE_COLORS[release.state]} size="sm" miw={WHOLE}>
        {STATE_TEXTS[release.state]}
      </Badge>
      {release.state === 'rejected' && (
        <Text fz="xs" c="dimmed">
          {release.decidedBy}: {release.reason}
        </Text>
      )}
    </Stack>
  );
}

function RowActions({
  release,
  runnableNo,
  actions,
}: {
  release: SeqRelease;
  runnableNo: number | null;
  actions: ReleaseRowActions;
}) {
  const { onRollback, onApprove, onReject } = actions;
  if (release.state === 'waiting' && onApprove && onReject)
    return (
      <DecisionButtons
        no={release.no}
        onApprove={() => onApprove(release.no)}
        onReject={() => onReject(release.no)}
      />
    );
  // the release that runs now needs no rollback: it is already what the line runs
  if (release.state === 'released' && release.no !== runnableNo && onRollback)
    return (
      <Button size="compact-xs" variant="light" onClick={() => onRollback(release.no)}>
        {RELEASE_TEXTS.rollBack(release.no)}
      </Button>
    );
  return null;
}

/** A test's releases, newest first: number, state, kind, note, who and when; which one runs now. */
export function ReleasesTable({ releases, actions }: { releases: SeqReleases; actions: ReleaseRowActions }) {
  if (releases.releases.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        {RELEASE_TEXTS.noReleases}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label={RELEASE_TEXTS.listTitle} striped withTableBorder verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Release</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Note</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>When</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {releases.releases.map((release) => (
            <Table.Tr key={release.no}>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <Text fz="sm" fw={600}>
                    {release.no}
                  </Text>
                  {release.no === releases.runnableNo && (
                    <Badge size="xs" variant="filled" color="teal.9" miw={WHOLE}>
                      {RELEASE_TEXTS.runsNow}
                    </Badge>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <State release={release} />
              </Table.Td>
              <Table.Td>{kindText(release)}</Table.Td>
              <NoteCell note={release.note} />
              <Table.Td>{release.createdBy}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{localDateTime(release.createdAt)}</Table.Td>
              <Table.Td>
                <RowActions release={release} runnableNo={releases.runnableNo} actions={actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
