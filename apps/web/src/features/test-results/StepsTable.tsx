import { Table, Text } from '@mantine/core';
import { FAIL_COLOR, formatStepValue, PASS_COLOR, type StepResult } from '@sweepline/domain';

/** docs/requirements/results.md#screen: pass blue, fail red. */
function ResultIcon({ passed }: { passed: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke={passed ? PASS_COLOR : FAIL_COLOR}
      strokeWidth="3"
      role="img"
      aria-label={passed ? 'Pass' : 'Fail'}
    >
      {passed ? <path d="M4 12l5 5L20 6" /> : <path d="M6 6l12 12M18 6L6 18" />}
    </svg>
  );
}

/**
 * A step's measurement warnings (StepResult.warnings, e.g. a gate narrower than its shape's
 * minimum: docs/measurements.md), under its description: they do not change the result, so they
 * add no column to docs/requirements/results.md#screen's six.
 */
function StepWarnings({ warnings }: { warnings: readonly string[] }) {
  return warnings.map((warning) => (
    <Text key={warning} size="xs" c="orange.9" role="note">
      Warning: {warning}
    </Text>
  ));
}

/**
 * The steps of the selected run (docs/requirements/results.md#screen): Description, Lower, Upper, Value, Unit and a
 * pass/fail icon; a Report Heading is a section row across the table.
 */
export function StepsTable({ steps }: { steps: StepResult[] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label="Test Steps" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Description</Table.Th>
            <Table.Th>Lower</Table.Th>
            <Table.Th>Upper</Table.Th>
            <Table.Th>Value</Table.Th>
            <Table.Th>Unit</Table.Th>
            <Table.Th>Result</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {steps.map((step, i) =>
            step.isHeader ? (
              <Table.Tr key={i} bg="var(--mantine-color-gray-light)">
                <Table.Th colSpan={6} scope="rowgroup">
                  {step.title}
                </Table.Th>
              </Table.Tr>
            ) : (
              <Table.Tr key={i}>
                <Table.Td>
                  {step.title}
                  {step.warnings && <StepWarnings warnings={step.warnings} />}
                </Table.Td>
                <Table.Td>{formatStepValue(step.lower, step)}</Table.Td>
                <Table.Td>{formatStepValue(step.upper, step)}</Table.Td>
                <Table.Td>{formatStepValue(step.value, step)}</Table.Td>
                <Table.Td>{step.unit}</Table.Td>
                <Table.Td>
                  <ResultIcon passed={step.result === 1} />
                </Table.Td>
              </Table.Tr>
            ),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
