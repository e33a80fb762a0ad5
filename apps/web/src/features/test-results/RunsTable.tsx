import { ActionIcon, Table, Text, Tooltip } from '@mantine/core';
import { verdictColor, verdictLabel, type RunReport } from '@sweepline/domain';
import { localDateTime } from '@sweepline/ui';
import { RunReleaseCell } from './RunRelease';

function PdfIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
      <path d="M14 2v6h6M12 18v-6M9 15l3 3 3-3" />
    </svg>
  );
}

/**
 * The runs of the serial number (docs/requirements/pdf.md): Date, Test Name, Result, Operator and the PDF
 * download, then the run's Release (ours, issues 28 and 39: after the spec's columns, so theirs
 * keep their places); the selected run is highlighted and chosen by click or Enter.
 */
export function RunsTable({
  label = 'Runs',
  runs,
  selectedId,
  onSelect,
  onPdf,
}: {
  /** The table's accessible name: 'Runs', or 'Runs in CA-300' when several products are shown. */
  label?: string;
  runs: RunReport[];
  selectedId: number | undefined;
  onSelect: (runId: number) => void;
  onPdf: (run: RunReport) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={640} mah={320}>
      <Table aria-label={label} highlightOnHover stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Test Name</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>Operator</Table.Th>
            <Table.Th>PDF</Table.Th>
            <Table.Th>Release</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => {
            const selected = run.runId === selectedId;
            return (
              <Table.Tr
                key={run.runId}
                aria-selected={selected}
                tabIndex={0}
                bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
                style={{ cursor: 'pointer' }}
                onClick={() => onSelect(run.runId)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    onSelect(run.runId);
                  }
                }}
              >
                <Table.Td>{localDateTime(run.startTime)}</Table.Td>
                <Table.Td>{run.seqName}</Table.Td>
                <Table.Td>
                  <Text span c={verdictColor(run.result)} fw={600} size="sm">
                    {verdictLabel(run.result)}
                  </Text>
                </Table.Td>
                <Table.Td>{run.userName}</Table.Td>
                <Table.Td>
                  <Tooltip label="Download PDF" withinPortal={false}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Download PDF of ${run.seqName} run ${run.runNo}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        onPdf(run);
                      }}
                    >
                      <PdfIcon />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
                <Table.Td>
                  <RunReleaseCell run={run} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
