import { nameError } from '@sweepline/domain';
import { FormDialog, useFormState, type Rules } from '@sweepline/ui';
import { NameField } from './NameField';

const RULES: Rules<{ name: string }> = { name: (name) => nameError(name) };

export interface NameDialogProps {
  title: string;
  label: string;
  initial: string;
  onSave: (name: string) => void;
  onCancel: () => void;
}

/** Changes the account's or the manager's name: the shared name rule, sent trimmed. */
export function NameDialog({ title, label, initial, onSave, onCancel }: NameDialogProps) {
  const form = useFormState({ name: initial }, RULES);
  return (
    <FormDialog
      title={title}
      form={form}
      submitLabel="Save"
      onValid={() => onSave(form.values.name.trim())}
      onCancel={onCancel}
    >
      <NameField form={form} label={label} />
    </FormDialog>
  );
}
