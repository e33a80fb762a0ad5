import { Button, Group } from '@mantine/core';

export interface FormActionsProps {
  /** The submit button's words: what the form does ("Log In", "Save"). */
  submitLabel: string;
  onCancel: () => void;
  /** A submit under way: the button shows it and takes no second press. */
  busy?: boolean;
}

/** The foot of every form page and form dialog: Cancel, then the button Enter also presses. */
export function FormActions({ submitLabel, onCancel, busy = false }: FormActionsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={busy}>
        {submitLabel}
      </Button>
    </Group>
  );
}
