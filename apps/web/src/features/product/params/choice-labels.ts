/**
 * How the parameter form shows the values of the spec's choice fields (docs/requirements/step-parameters.md). The
 * values themselves, and which of them a field allows, come from libs/domain.
 */
import {
  ANSWERS,
  DisplayFormat,
  GATING_SHAPES,
  GATING_TYPES,
  IM_ORDERS,
  PIM_MODES,
  PIM_UNITS,
  PORT12_MEAS_TYPES,
  THRU,
  type CalibrationType,
  type Calibration,
  type LineType,
} from '@sweepline/domain';

export interface Choice {
  value: string;
  label: string;
}

const same = (values: readonly string[]): Choice[] => values.map((value) => ({ value, label: value }));

export const ANSWER_CHOICES: Choice[] = ANSWERS.map((value) => ({
  value,
  label: value === 'yes' ? 'Yes' : 'No',
}));
export const GATING_TYPE_CHOICES = same(GATING_TYPES);
export const GATING_SHAPE_CHOICES = same(GATING_SHAPES);
export const PORT12_CHOICES = same(PORT12_MEAS_TYPES);
export const PIM_UNIT_CHOICES = same(PIM_UNITS);
export const IM_ORDER_CHOICES = same(IM_ORDERS);
/** docs/requirements/step-parameters.md: 'refl' is shown as Reverse, 'forward' as Forward. */
export const PIM_MODE_CHOICES: Choice[] = PIM_MODES.map((value) => ({
  value,
  label: value === 'refl' ? 'Reverse' : 'Forward',
}));
export const LINE_TYPE_CHOICES = same(['MIN', 'MAX'] satisfies LineType[]);

const FORMAT_LABELS: Record<DisplayFormat, string> = {
  [DisplayFormat.LogMag]: 'Log Mag',
  [DisplayFormat.Phase]: 'Phase',
  [DisplayFormat.GroupDelay]: 'Group Delay',
  [DisplayFormat.Swr]: 'SWR',
};

export function formatLabel(df: DisplayFormat): string {
  return FORMAT_LABELS[df];
}

/** docs/requirements/step-parameters.md#calibrations: type 1 to 4 is a full calibration of that many ports, 5 a Thru. */
export function calibrationTypeLabel(type: CalibrationType): string {
  return type === THRU ? 'Thru' : `${type}-Port`;
}

const freq = (value: number | null) => (value === null ? '?' : String(value));

/** '1: 2-Port 1-2, 100 - 1000 MHz', how selectors list a calibration of the test. */
export function calibrationLabel(cal: Calibration): string {
  return `${cal.id}: ${calibrationTypeLabel(cal.type)} ${cal.ports}, ${freq(cal.startFreq_MHz)} - ${freq(cal.stopFreq_MHz)} MHz`;
}
