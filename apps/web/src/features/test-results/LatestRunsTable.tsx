import { Anchor, Table, Text } from '@mantine/core';
import { verdictColor, verdictLabel, type LatestRun } from '@sweepline/domain';
import { localDateTime } from '@sweepline/ui';
import { Link, useNavigate } from 'react-router';
import { runLink } from './run-link';

/**
 * Test Results before a search (ours, issue 38; docs/web.md, "Test Results"): the account's
 * latest runs, each one click from its detail: its serial number is a link, and a click anywhere
 * on the row follows it.
 */
export function LatestRunsTable({ runs }: { runs: LatestRun[] }) {
  const navigate = useNavigate();
  if (runs.length === 0)
    return <Text c="dimmed">No test results yet: runs appear here once a station uploads them.</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Latest runs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th>Test Name</Table.Th>
            <Table.Th>Serial number</Table.Th>
            <Table.Th>Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => (
            <Table.Tr
              key={run.runId}
              style={{ cursor: 'pointer' }}
              onClick={() => void navigate(runLink(run.sn, run.runId))}
            >
              <Table.Td>{localDateTime(run.startTime)}</Table.Td>
              <Table.Td>{run.productName}</Table.Td>
              <Table.Td>{run.seqName}</Table.Td>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={runLink(run.sn, run.runId)}
                  onClick={(event) => event.stopPropagation()}
                >
                  {run.sn}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text span c={verdictColor(run.result)} fw={600} size="sm">
                  {verdictLabel(run.result)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
