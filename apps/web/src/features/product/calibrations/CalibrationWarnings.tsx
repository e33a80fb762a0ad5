import { Stack, Text } from '@mantine/core';
import { calibrationCoverageWarnings, type EditorCal, type Step } from '@sweepline/domain';

/**
 * The calibrations' warnings (issue 38): a calibration covering more ports than the test's steps
 * measure with it costs the operator connections at every shift. Said, not refused: the rule is
 * the domain's (calibrationCoverageWarnings), and Save still saves.
 */
export function CalibrationWarnings({ cals, steps }: { cals: readonly EditorCal[]; steps: readonly Step[] }) {
  const warnings = calibrationCoverageWarnings(steps, cals);
  return (
    <Stack gap={4} role="status" aria-label="Calibration warnings">
      {warnings.map((w) => (
        <Text key={w.calId} size="sm" c="orange.9">
          {w.message}
        </Text>
      ))}
    </Stack>
  );
}
