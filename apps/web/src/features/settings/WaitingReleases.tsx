import { Loader, Stack, Table, Text, Title } from '@mantine/core';
import { RELEASE_MSG, type WaitingRelease } from '@sweepline/domain';
import { localDateTime, notifyInfo } from '@sweepline/ui';
import { useState } from 'react';
import { DecisionButtons } from '../product/releases/DecisionButtons';
import { NoteCell } from '../product/releases/NoteCell';
import { NoteDialog } from '../product/releases/NoteDialog';
import { RELEASE_TEXTS } from '../product/releases/release-texts';
import { useWaitingReleases } from './useReleaseControl';

/**
 * The account's releases waiting for approval, oldest first (managers): product, test, number,
 * author and note, with Approve and Reject (a reason asked). The author's own approval is refused
 * by the server, whose message is shown.
 */
export function WaitingReleases({
  onError,
  onFailure,
}: {
  onError: (message: string) => void;
  onFailure: (error: unknown) => void;
}) {
  const { waiting, decide: decideOn } = useWaitingReleases(onError, onFailure);
  const [rejecting, setRejecting] = useState<WaitingRelease>();

  const decide = async (release: WaitingRelease, reason?: string) => {
    if (!(await decideOn(release, reason))) return;
    const say = reason === undefined ? RELEASE_TEXTS.approved : RELEASE_TEXTS.rejected;
    notifyInfo(say(release.seqName, release.no));
    setRejecting(undefined);
  };

  const rows = waiting.data;
  return (
    <Stack gap="xs" component="section" aria-label={RELEASE_TEXTS.waitingTitle} mt="sm">
      <Title order={3} fz="md">
        {RELEASE_TEXTS.waitingTitle}
      </Title>
      {!rows ? (
        waiting.loading && <Loader size="sm" aria-label={RELEASE_TEXTS.loading} />
      ) : rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {RELEASE_TEXTS.noneWaiting}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={RELEASE_TEXTS.waitingTitle} striped withTableBorder verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>Test</Table.Th>
                <Table.Th>Release</Table.Th>
                <Table.Th>Author</Table.Th>
                <Table.Th>Note</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>Decision</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((release) => (
                <Table.Tr key={`${release.seqId}-${release.no}`}>
                  <Table.Td>{release.productName}</Table.Td>
                  <Table.Td>{release.seqName}</Table.Td>
                  <Table.Td>{release.no}</Table.Td>
                  <Table.Td>{release.createdBy}</Table.Td>
                  <NoteCell note={release.note} />
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{localDateTime(release.createdAt)}</Table.Td>
                  <Table.Td>
                    <DecisionButtons
                      no={release.no}
                      onApprove={() => void decide(release)}
                      onReject={() => setRejecting(release)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {rejecting && (
        <NoteDialog
          title={RELEASE_TEXTS.rejectTitle(rejecting.no)}
          intro={
            <Text fz="sm">
              {rejecting.productName}, {rejecting.seqName}: {rejecting.note}
            </Text>
          }
          label={RELEASE_TEXTS.reason}
          message={RELEASE_MSG.reason}
          submitLabel={RELEASE_TEXTS.rejectShort}
          onSubmit={(reason) => void decide(rejecting, reason)}
          onCancel={() => setRejecting(undefined)}
        />
      )}
    </Stack>
  );
}
