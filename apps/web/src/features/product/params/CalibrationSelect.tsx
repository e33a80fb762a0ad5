import { NativeSelect } from '@mantine/core';
import { FIELD_LABELS, type Calibration } from '@sweepline/domain';
import { calibrationLabel } from './choice-labels';

/** The entry that opens the calibration dialog instead of choosing (docs/requirements/step-parameters.md#calibrations). */
export const SET_UP_CALIBRATIONS = 'Set Up Calibrations';
const SET_UP = 'set-up';

export interface CalibrationSelectProps {
  calId: number;
  cals: readonly Calibration[];
  error?: string;
  disabled: boolean;
  onChoose: (cal: Calibration | undefined) => void;
  onSetUpCalibrations: () => void;
}

/**
 * The test's calibrations and a 'Set Up Calibrations' entry. Choosing the entry opens the dialog
 * and leaves the selection as it was: the select is controlled, so React puts the old value back.
 */
export function CalibrationSelect({
  calId,
  cals,
  error,
  disabled,
  onChoose,
  onSetUpCalibrations,
}: CalibrationSelectProps) {
  const known = cals.some((cal) => cal.id === calId);
  return (
    <NativeSelect
      label={FIELD_LABELS.calId}
      value={known ? String(calId) : ''}
      error={error}
      disabled={disabled}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (value === SET_UP) onSetUpCalibrations();
        else onChoose(cals.find((cal) => String(cal.id) === value));
      }}
    >
      <option value="">None</option>
      {cals.map((cal) => (
        <option key={cal.id} value={String(cal.id)}>
          {calibrationLabel(cal)}
        </option>
      ))}
      <option value={SET_UP}>{SET_UP_CALIBRATIONS}</option>
    </NativeSelect>
  );
}
