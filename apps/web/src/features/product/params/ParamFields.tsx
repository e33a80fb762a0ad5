import { Box, Group, NativeSelect, Stack, Switch, TextInput } from '@mantine/core';
import {
  dependingStepCandidates,
  diffCandidates,
  FIELD_LABELS,
  NO_ID,
  sParamChoices,
  VALUE_LABELS,
  type Calibration,
} from '@sweepline/domain';
import { GrowingTextarea } from '@sweepline/ui';
import type { ReactNode } from 'react';
import { CalibrationSelect } from './CalibrationSelect';
import { NumberField } from './NumberField';
import type { FieldEnv, FieldSpec, ListEditorKind, ParamValue } from './param-layout';
import { useParamForm, type ParamFormEnv } from './ParamFormContext';

/**
 * The editors of the list fields (answer choices, alignments), made by the form that holds the
 * typed param: this generic form only places them, so it imports none of them (the Align editor
 * renders its alignments with this form).
 */
export type ListEditors = Partial<Record<ListEditorKind, ReactNode>>;

export interface ParamFieldsProps<T extends ParamValue> {
  fields: readonly FieldSpec<T>[];
  /** The object edited: the param, or one alignment of an Align param. */
  value: T;
  /** The wire path of `value` in the param, '' or 'channelArray[2].', for the error messages. */
  path: string;
  /** Merges these keys into `value`. */
  onPatch: (patch: ParamValue) => void;
  /** Fields side by side, wrapping in a narrow panel (a limit line's five), else one under the other. */
  inline?: boolean;
  lists?: ListEditors;
}

/** The generic form: one editor per field description, in the layout's order. */
export function ParamFields<T extends ParamValue>({
  fields,
  value,
  path,
  onPatch,
  inline,
  lists,
}: ParamFieldsProps<T>) {
  const form = useParamForm();
  const env: FieldEnv<T> = { action: form.action, value, steps: form.steps, cals: form.cals };
  const visible = fields.filter((field) => !field.when || field.when(env));
  const editorOf = (field: FieldSpec<T>) => (
    <FieldEditor
      key={field.key}
      field={field}
      env={env}
      form={form}
      path={path}
      onPatch={onPatch}
      lists={lists}
    />
  );
  if (inline) return <FieldRow>{visible.map(editorOf)}</FieldRow>;
  return (
    <Stack gap="xs">
      {rowsOf(visible).map((row) =>
        row.length === 1 ? editorOf(row[0]!) : <FieldRow key={row[0]!.key}>{row.map(editorOf)}</FieldRow>,
      )}
    </Stack>
  );
}

/** Consecutive fields of the same `row` together; every other field alone. */
function rowsOf<F extends { row?: string }>(fields: readonly F[]): F[][] {
  const rows: F[][] = [];
  for (const field of fields) {
    const last = rows[rows.length - 1];
    if (field.row && last?.[0]?.row === field.row) last.push(field);
    else rows.push([field]);
  }
  return rows;
}

/** Editors side by side, wrapping rather than going narrower than a number and its unit need. */
function FieldRow({ children }: { children: ReactNode[] }) {
  return (
    <Group gap="xs" align="flex-start">
      {children.map((editor, i) => (
        <Box key={i} style={{ flex: `1 1 ${INLINE_FIELD_WIDTH}px` }}>
          {editor}
        </Box>
      ))}
    </Group>
  );
}

/** Room for a number and its unit: inline fields wrap rather than go narrower. */
const INLINE_FIELD_WIDTH = 110;

function labelOf(key: string, form: ParamFormEnv): string {
  if (key === 'value') return VALUE_LABELS[form.kind] ?? 'Value';
  return FIELD_LABELS[key] ?? key;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : '');
const asNumber = (value: unknown) => (typeof value === 'number' ? value : null);
const findCal = (cals: readonly Calibration[], id: unknown) => cals.find((cal) => cal.id === id);

interface FieldEditorProps<T extends ParamValue> {
  field: FieldSpec<T>;
  env: FieldEnv<T>;
  form: ParamFormEnv;
  path: string;
  onPatch: (patch: ParamValue) => void;
  lists: ListEditors | undefined;
}

function FieldEditor<T extends ParamValue>({
  field,
  env,
  form,
  path,
  onPatch,
  lists,
}: FieldEditorProps<T>): ReactNode {
  const { key } = field;
  const current = env.value[key];
  const label = labelOf(key, form);
  const error = form.errorOf(path + key);
  const disabled = form.readOnly;
  const set = (next: unknown) => onPatch({ [key]: next });
  switch (field.editor) {
    case 'name':
    case 'text':
      return (
        <TextInput
          label={label}
          value={asText(current)}
          error={error}
          disabled={disabled}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
    case 'longText':
      return (
        <GrowingTextarea
          label={label}
          value={asText(current)}
          error={error}
          disabled={disabled}
          minRows={2}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberField
          label={label}
          value={asNumber(current)}
          unit={field.unit?.(env)}
          error={error}
          disabled={disabled}
          onChange={set}
        />
      );
    case 'switch':
      return (
        <Switch
          label={label}
          checked={current === true}
          error={error}
          disabled={disabled}
          onChange={(e) => set(e.currentTarget.checked)}
        />
      );
    case 'choice':
      return (
        <NativeSelect
          label={label}
          value={asText(current)}
          data={[...field.choices]}
          error={error}
          disabled={disabled}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
    case 'calibration':
      return (
        <CalibrationSelect
          calId={asNumber(current) ?? NO_ID}
          cals={form.cals}
          error={error}
          disabled={disabled}
          onChoose={(cal) => onPatch(field.patch(env, cal))}
          onSetUpCalibrations={form.onSetUpCalibrations}
        />
      );
    case 'sParam': {
      const choices = sParamChoices(form.action.id, findCal(form.cals, env.value.calId));
      return (
        <NativeSelect
          label={label}
          value={choices.includes(asText(current)) ? asText(current) : ''}
          data={[{ value: '', label: 'None' }, ...choices]}
          error={error}
          disabled={disabled}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
    }
    case 'step': {
      const candidates =
        field.candidates === 'diff'
          ? diffCandidates(form.steps, form.index)
          : dependingStepCandidates(form.steps, form.index);
      const position = new Map(form.steps.map((step, i) => [step, i + 1]));
      const choices = candidates.map((step) => ({
        value: String(step.id),
        label: `${position.get(step)}. ${step.name}`,
      }));
      const chosen = choices.some((c) => c.value === String(current)) ? String(current) : '';
      return (
        <NativeSelect
          label={label}
          value={chosen}
          data={[{ value: '', label: 'None' }, ...choices]}
          error={error}
          disabled={disabled}
          onChange={(e) => set(e.currentTarget.value === '' ? NO_ID : Number(e.currentTarget.value))}
        />
      );
    }
    case 'choiceOptions':
    case 'alignments':
      return lists?.[field.editor];
  }
}
