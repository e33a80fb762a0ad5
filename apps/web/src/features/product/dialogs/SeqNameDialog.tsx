import { TextInput } from '@mantine/core';
import { LIMITS, testNameDialogErrors, type EditorSeq } from '@sweepline/domain';
import { FormDialog, textField, useFormState, type Rules } from '@sweepline/ui';

const RULES: Rules<{ name: string }> = {
  name: (name) => testNameDialogErrors({ name })[0]?.message,
};

export interface SeqNameDialogProps {
  seq: EditorSeq | undefined;
  onSave: (name: string) => void;
  onCancel: () => void;
}

/** The test name dialog (docs/requirements/products.md#product-tools): adds a test, or renames the selected one. */
export function SeqNameDialog({ seq, onSave, onCancel }: SeqNameDialogProps) {
  const form = useFormState({ name: seq?.name ?? '' }, RULES);
  return (
    <FormDialog
      title={seq ? 'Rename Test' : 'Add Test'}
      form={form}
      submitLabel="Save"
      onValid={() => onSave(form.values.name.trim())}
      onCancel={onCancel}
    >
      <TextInput
        label="Test name"
        required
        data-autofocus
        maxLength={LIMITS.nameLength}
        {...textField(form, 'name')}
      />
    </FormDialog>
  );
}
