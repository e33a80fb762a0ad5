import { Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  calibrationsAfterAdd,
  calibrationsErrors,
  defaultCalibration,
  FIELD_LABELS,
  nextCalibrationId,
  portsAfterTypeChange,
  TIMES_MS,
  type EditorCal,
  type Step,
} from '@sweepline/domain';
import { notifyInfo, OnDemandModal } from '@sweepline/ui';
import { useMemo, useState } from 'react';
import { SET_UP_CALIBRATIONS } from '../params/CalibrationSelect';
import { CAL_NUMBER_COLUMNS, CalibrationRow } from './CalibrationRow';
import { CalibrationWarnings } from './CalibrationWarnings';

export interface CalibrationsDialogProps {
  opened: boolean;
  cals: EditorCal[];
  /** The test's steps: what each calibration serves, for its warnings. */
  steps?: readonly Step[];
  readOnly: boolean;
  onClose: () => void;
  onSave: (cals: EditorCal[]) => Promise<void>;
}

/** A new calibration is a 2-port one, the usual set-up for a two-port device. */
const NEW_CAL_TYPE = 2;

/**
 * The 'Set Up Calibrations' dialog: up to 16 calibrations of the test, each checked by the
 * domain's calibration rules as typed; Save sends the whole list once every rule passes.
 */
export function CalibrationsDialog({
  opened,
  cals,
  steps = [],
  readOnly,
  onClose,
  onSave,
}: CalibrationsDialogProps) {
  return (
    <OnDemandModal
      opened={opened}
      onClose={onClose}
      title={SET_UP_CALIBRATIONS}
      size="auto"
      closeOnClickOutside={false}
    >
      {opened && (
        <CalibrationsBody cals={cals} steps={steps} readOnly={readOnly} onClose={onClose} onSave={onSave} />
      )}
    </OnDemandModal>
  );
}

function CalibrationsBody({
  cals,
  steps = [],
  readOnly,
  onClose,
  onSave,
}: Omit<CalibrationsDialogProps, 'opened'>) {
  const [draft, setDraft] = useState<EditorCal[]>(cals);
  const [saving, setSaving] = useState(false);
  const [settled] = useDebouncedValue(draft, TIMES_MS.inputDebounce);
  // after a refused Save the messages follow the draft at once, not after the debounce
  const [checkNow, setCheckNow] = useState(false);
  const errors = useMemo(() => {
    const messages = new Map<string, string>();
    for (const { field, message } of calibrationsErrors(checkNow ? draft : settled)) {
      if (!messages.has(field)) messages.set(field, message);
    }
    return messages;
  }, [draft, settled, checkNow]);

  const add = () => {
    const cal = defaultCalibration(
      nextCalibrationId(draft),
      NEW_CAL_TYPE,
      portsAfterTypeChange(NEW_CAL_TYPE),
    );
    const result = calibrationsAfterAdd(draft, cal);
    if ('error' in result) notifyInfo(result.error);
    else setDraft(result.cals);
  };
  const save = async () => {
    if (calibrationsErrors(draft).length > 0) {
      setCheckNow(true);
      return;
    }
    setSaving(true);
    try {
      await onSave(draft);
      onClose();
    } catch {
      // the screen shows the failure in its error alert; the dialog stays open with the draft
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack>
      <Table withTableBorder verticalSpacing={4} horizontalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{FIELD_LABELS.id}</Table.Th>
            <Table.Th>{FIELD_LABELS.type}</Table.Th>
            <Table.Th>{FIELD_LABELS.ports}</Table.Th>
            {CAL_NUMBER_COLUMNS.map(({ key }) => (
              <Table.Th key={key}>{FIELD_LABELS[key]}</Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {draft.map((cal, i) => (
            <CalibrationRow
              key={cal.id}
              cal={cal}
              autoFocus={i === 0}
              readOnly={readOnly}
              errorOf={(field) => errors.get(`cals[${i}].${field}`)}
              onChange={(next) => setDraft(draft.map((c, j) => (j === i ? next : c)))}
              onDelete={() => setDraft(draft.filter((_, j) => j !== i))}
            />
          ))}
        </Table.Tbody>
      </Table>
      {draft.length === 0 && <Text c="dimmed">No calibrations yet.</Text>}
      <CalibrationWarnings cals={settled} steps={steps} />
      {errors.get('cals') && (
        <Text size="sm" c="red" role="alert">
          {errors.get('cals')}
        </Text>
      )}
      <Group justify="space-between">
        <Button variant="light" disabled={readOnly} onClick={add}>
          Add calibration
        </Button>
        <Group>
          <Button variant="default" onClick={onClose}>
            {readOnly ? 'Close' : 'Cancel'}
          </Button>
          {!readOnly && (
            <Button loading={saving} onClick={() => void save()}>
              Save
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
