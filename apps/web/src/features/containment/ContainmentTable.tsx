import { Anchor, Checkbox, Table, Text } from '@mantine/core';
import { verdictColor, verdictLabel, type ContainmentRun, type ContainmentUnit } from '@sweepline/domain';
import { localDateTime } from '@sweepline/ui';
import { Link } from 'react-router';
import { runLink } from '../test-results/run-link';
import { statusNow } from './containment-texts';

/** Choosing units for retest; absent for a role that may not send them back. */
export interface UnitChoice {
  chosen: ReadonlySet<number>;
  toggle: (snId: number) => void;
  toggleAll: () => void;
}

function RunCells({ unit, run }: { unit: ContainmentUnit; run: ContainmentRun }) {
  return (
    <>
      <Table.Td>
        <Anchor
          component={Link}
          to={runLink(unit.sn, run.runId)}
          size="sm"
          aria-label={`Run ${run.runNo} of ${unit.sn}`}
        >
          {run.runNo}
        </Anchor>
      </Table.Td>
      <Table.Td>{run.seqName}</Table.Td>
      <Table.Td>{localDateTime(run.startTime)}</Table.Td>
      <Table.Td>
        <Text span c={verdictColor(run.result)} fw={600} size="sm">
          {verdictLabel(run.result)}
        </Text>
      </Table.Td>
      <Table.Td>{run.station ?? '—'}</Table.Td>
      <Table.Td>{run.operator}</Table.Td>
    </>
  );
}

/**
 * The units found, each with its product, its stage now and its runs (one row per run, the
 * unit's cells spanning them); with `choice`, a checkbox per unit and one for all.
 */
export function ContainmentTable({ units, choice }: { units: ContainmentUnit[]; choice?: UnitChoice }) {
  const all = choice !== undefined && units.length > 0 && units.every((u) => choice.chosen.has(u.snId));
  const some = choice !== undefined && !all && units.some((u) => choice.chosen.has(u.snId));
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table aria-label="Units" withTableBorder withColumnBorders verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            {choice && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Choose all units"
                  checked={all}
                  indeterminate={some}
                  onChange={choice.toggleAll}
                />
              </Table.Th>
            )}
            <Table.Th>Serial number</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th>Status now</Table.Th>
            <Table.Th>Run</Table.Th>
            <Table.Th>Test</Table.Th>
            <Table.Th>Started</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>Station</Table.Th>
            <Table.Th>Operator</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {units.flatMap((unit) => {
            const span = unit.runs.length;
            const chosen = choice?.chosen.has(unit.snId) ?? false;
            const rowProps = { bg: chosen ? 'var(--mantine-color-blue-light)' : undefined };
            const unitCells = (
              <>
                {choice && (
                  <Table.Td rowSpan={span}>
                    <Checkbox
                      aria-label={`Choose ${unit.sn}`}
                      checked={chosen}
                      onChange={() => choice.toggle(unit.snId)}
                    />
                  </Table.Td>
                )}
                <Table.Td rowSpan={span}>{unit.sn}</Table.Td>
                <Table.Td rowSpan={span}>{unit.productName}</Table.Td>
                <Table.Td rowSpan={span}>{statusNow(unit)}</Table.Td>
              </>
            );
            return unit.runs.map((run, i) => (
              <Table.Tr key={run.runId} {...rowProps}>
                {i === 0 && unitCells}
                <RunCells unit={unit} run={run} />
              </Table.Tr>
            ));
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
