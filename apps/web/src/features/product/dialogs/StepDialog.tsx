import { Select, Switch, TextInput } from '@mantine/core';
import {
  actionsOf,
  findAction,
  INSTRUMENTS,
  LIMITS,
  stepDialogErrors,
  type EditorStep,
  type StepDialogBody,
} from '@sweepline/domain';
import { FormDialog, textField, useFormState, type Rules } from '@sweepline/ui';

interface Values {
  /** The action id as the select holds it ('' = none chosen); ids are unique across instruments. */
  action: string;
  isDefaultName: boolean;
  name: string;
}

/** The catalogue by instrument, as the type select lists it (docs/requirements/step-parameters.md#catalogue). */
const TYPE_OPTIONS = INSTRUMENTS.map((instrument) => ({
  group: instrument.name,
  items: actionsOf(instrument.id).map((a) => ({ value: String(a.id), label: a.name })),
}));

function inputOf(values: Values) {
  const action = findAction(Number(values.action));
  return {
    instrumentId: action?.instrumentId ?? -1,
    actionId: action?.id ?? -1,
    isDefaultName: values.isDefaultName,
    name: values.name,
  };
}

const fieldRule = (field: string) => (_: unknown, values: Values) =>
  stepDialogErrors(inputOf(values)).find((e) => e.field === field)?.message;

/** 'Choose type' and 'Input name' come from the domain's step-dialog rule (docs/requirements/test-editor.md#dialog-rules). */
const RULES: Rules<Values> = { action: fieldRule('actionId'), name: fieldRule('name') };

export interface StepDialogProps {
  step: EditorStep | undefined;
  onSave: (body: StepDialogBody) => void;
  onCancel: () => void;
}

/** The step dialog (docs/requirements/test-editor.md#step-tools): type, default-name switch, custom name. */
export function StepDialog({ step, onSave, onCancel }: StepDialogProps) {
  const form = useFormState<Values>(
    {
      action: step ? String(step.actionId) : '',
      isDefaultName: step?.isDefaultName ?? true,
      name: step && !step.isDefaultName ? step.name : '',
    },
    RULES,
    { isDefaultName: ['name'] },
  );
  const { values } = form;
  const save = () => {
    const input = inputOf(values);
    onSave({
      instrument_id: input.instrumentId,
      action_id: input.actionId,
      is_default_name: values.isDefaultName,
      ...(values.isDefaultName ? {} : { name: values.name.trim() }),
    });
  };
  return (
    <FormDialog
      title={step ? 'Edit Step' : 'Add Step'}
      form={form}
      submitLabel="Save"
      onValid={save}
      onCancel={onCancel}
    >
      <Select
        label="Type"
        required
        searchable
        // focused when the dialog opens, but unfolded only when asked (a click, a key, typing):
        // unfolded at once, the list lay over Save and a click on Save chose a type (issue 28)
        openOnFocus={false}
        data-autofocus
        data={TYPE_OPTIONS}
        value={values.action || null}
        onChange={(value) => form.set('action', value ?? '')}
        error={form.errors.action}
        maxDropdownHeight={320}
        comboboxProps={{ withinPortal: true }}
      />
      <Switch
        label="Default name"
        checked={values.isDefaultName}
        onChange={(event) => form.set('isDefaultName', event.currentTarget.checked)}
      />
      {!values.isDefaultName && (
        <TextInput label="Name" required maxLength={LIMITS.nameLength} {...textField(form, 'name')} />
      )}
    </FormDialog>
  );
}
