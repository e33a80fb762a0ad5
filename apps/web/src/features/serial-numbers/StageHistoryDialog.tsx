import { Badge, Table, Text } from '@mantine/core';
import type { SnStageHistory, StageReason } from '@sweepline/domain';
import { localDateTime, OnDemandModal } from '@sweepline/ui';

const REASONS: Record<StageReason, string> = { add: 'Added', advance: 'Passed the stage', jump: 'Jumped' };

const stageText = (stageNo: number | null) => (stageNo === null ? 'Finished' : `Stage ${stageNo}`);

/** Where a serial number is and the visits that took it there (ours, beyond docs/requirements/serial-numbers.md#screen). */
export function StageHistoryDialog({
  history,
  onClose,
}: {
  history: SnStageHistory | undefined;
  onClose: () => void;
}) {
  const current =
    history === undefined
      ? ''
      : history.stageNo === null && !history.finished
        ? 'No stage yet: the product has no tests'
        : stageText(history.stageNo);
  return (
    <OnDemandModal opened={history !== undefined} onClose={onClose} title="Stage History" centered size="lg">
      {history && (
        <>
          {/* a div: the badge is one, and a div inside a p is not valid HTML */}
          <Text component="div" mb="sm">
            {history.sn}: <Badge variant="light">{current}</Badge>
          </Text>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Stage</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>By</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.entries.map((entry, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{localDateTime(entry.createdAt)}</Table.Td>
                  <Table.Td>{stageText(entry.stageNo)}</Table.Td>
                  <Table.Td>{REASONS[entry.reason]}</Table.Td>
                  <Table.Td>{entry.createdByName}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </OnDemandModal>
  );
}
