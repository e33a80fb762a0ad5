import { Badge } from '@mantine/core';
import { calibrationStateText, STATE_BADGES, type StateOfDue } from './calibration-state';

/** An instrument's calibration state as a badge whose words say it (colour is never the only cue). */
export function CalibrationBadge({ of }: { of: StateOfDue }) {
  return (
    <Badge {...STATE_BADGES[of.state]} autoContrast tt="none">
      {calibrationStateText(of)}
    </Badge>
  );
}
