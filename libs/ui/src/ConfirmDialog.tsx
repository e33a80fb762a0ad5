import { Button, Group, Text } from '@mantine/core';
import { OnDemandModal } from './OnDemandModal';

export interface ConfirmDialogProps {
  opened: boolean;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A danger confirmation (docs/requirements/errors-and-envelope.md#client-side-errors: 'Delete {name}?' with Delete, Cancel). */
export function ConfirmDialog({ opened, message, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <OnDemandModal opened={opened} onClose={onCancel} title="Confirm" centered>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </OnDemandModal>
  );
}
