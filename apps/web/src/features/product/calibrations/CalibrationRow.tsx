import { NativeSelect, Table } from '@mantine/core';
import {
  CALIBRATION_TYPES,
  FIELD_LABELS,
  portOptions,
  portsAfterTypeChange,
  type CalibrationType,
  type EditorCal,
} from '@sweepline/domain';
import { calibrationTypeLabel } from '../params/choice-labels';
import { NumberField } from '../params/NumberField';
import { DeleteIcon } from '../params/DeleteIcon';

/** The number columns of the dialog after type and ports, with their units. */
export const CAL_NUMBER_COLUMNS = [
  { key: 'startFreq_MHz', unit: 'MHz' },
  { key: 'stopFreq_MHz', unit: 'MHz' },
  { key: 'freqPoints', unit: '' },
  { key: 'power_dBm', unit: 'dBm' },
  { key: 'IFBW_Hz', unit: 'Hz' },
  { key: 'smoothing', unit: '' },
] as const;

export interface CalibrationRowProps {
  cal: EditorCal;
  /** The message of a field of this calibration ('startFreq_MHz'), if any. */
  errorOf: (field: string) => string | undefined;
  readOnly: boolean;
  onChange: (cal: EditorCal) => void;
  onDelete: () => void;
  /** The dialog opens with the focus on the first row's type. */
  autoFocus?: boolean;
}

/** One calibration: type and ports (docs/requirements/step-parameters.md#calibrations: a new type resets the ports), frequency plan, power, IFBW, smoothing. */
export function CalibrationRow({
  cal,
  errorOf,
  readOnly,
  onChange,
  onDelete,
  autoFocus,
}: CalibrationRowProps) {
  return (
    <Table.Tr aria-label={`Calibration ${cal.id}`}>
      <Table.Td>{cal.id}</Table.Td>
      <Table.Td>
        <NativeSelect
          w={96}
          data-autofocus={autoFocus || undefined}
          aria-label={FIELD_LABELS.type}
          value={String(cal.type)}
          data={CALIBRATION_TYPES.map((type) => ({ value: String(type), label: calibrationTypeLabel(type) }))}
          error={errorOf('type')}
          disabled={readOnly}
          onChange={(e) => {
            const type = Number(e.currentTarget.value) as CalibrationType;
            onChange({ ...cal, type, ports: portsAfterTypeChange(type) });
          }}
        />
      </Table.Td>
      <Table.Td>
        <NativeSelect
          w={100}
          aria-label={FIELD_LABELS.ports}
          value={cal.ports}
          data={portOptions(cal.type)}
          error={errorOf('ports')}
          disabled={readOnly}
          onChange={(e) => onChange({ ...cal, ports: e.currentTarget.value })}
        />
      </Table.Td>
      {CAL_NUMBER_COLUMNS.map(({ key, unit }) => (
        <Table.Td key={key}>
          <NumberField
            label={FIELD_LABELS[key] ?? key}
            hideLabel
            unit={unit}
            value={cal[key]}
            error={errorOf(key)}
            disabled={readOnly}
            onChange={(value) => onChange({ ...cal, [key]: value })}
          />
        </Table.Td>
      ))}
      <Table.Td>
        <DeleteIcon label={`Delete calibration ${cal.id}`} disabled={readOnly} onClick={onDelete} />
      </Table.Td>
    </Table.Tr>
  );
}
