import { Badge, List, Table, Text } from '@mantine/core';
import type { ReleaseDiff } from '@sweepline/domain';
import { changeText, placeText, sideText } from './diff-texts';
import { RELEASE_TEXTS } from './release-texts';

/** Dark shades on white: small badge text keeps WCAG AA contrast (4.5:1; axe in the e2e). */
const CHANGE_COLORS: Record<string, string> = {
  added: 'teal.9',
  removed: 'red.9',
  moved: 'blue.9',
  changed: 'violet.9',
  'moved and changed': 'violet.9',
};

/** Each changed parameter on its own line, old → new; limits come first and stand out. */
function Changes({ changes }: { changes: ReleaseDiff['steps'][number]['changes'] }) {
  if (changes.length === 0) return null;
  return (
    <List size="sm" spacing={2} listStyleType="none">
      {changes.map((change) => (
        <List.Item key={change.key} fw={change.isLimit ? 700 : undefined}>
          {changeText(change)}
        </List.Item>
      ))}
    </List>
  );
}

/**
 * What changed between two sides of a test, as the server computed it (ReleaseDiff): the steps
 * added, removed, moved and changed, then the calibrations; one table a reviewer reads down.
 */
export function DiffView({ diff }: { diff: ReleaseDiff }) {
  const label = RELEASE_TEXTS.diffLabel(sideText(diff.from), sideText(diff.to));
  if (diff.same)
    return (
      <Text fz="sm" c="dimmed" role="status" aria-label={label}>
        {RELEASE_TEXTS.same}
      </Text>
    );
  return (
    <Table aria-label={label} striped withTableBorder verticalSpacing={4} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={70}>Place</Table.Th>
          <Table.Th>Step</Table.Th>
          <Table.Th w={140}>Change</Table.Th>
          <Table.Th>Old → new</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {diff.steps.map((step) => (
          <Table.Tr key={`step-${step.stepId}`}>
            <Table.Td ff="monospace">{placeText(step)}</Table.Td>
            <Table.Td>{step.name}</Table.Td>
            <Table.Td>
              <Badge variant="outline" color={CHANGE_COLORS[step.change]} size="sm">
                {step.change}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Changes changes={step.changes} />
            </Table.Td>
          </Table.Tr>
        ))}
        {diff.cals.map((cal) => (
          <Table.Tr key={`cal-${cal.calId}`}>
            <Table.Td />
            <Table.Td>Calibration {cal.calId}</Table.Td>
            <Table.Td>
              <Badge variant="outline" color={CHANGE_COLORS[cal.change]} size="sm">
                {cal.change}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Changes changes={cal.changes} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
