import { Button, Group, Text } from '@mantine/core';
import { OnDemandModal } from './OnDemandModal';

export interface MessageDialogProps {
  opened: boolean;
  title: string;
  message: string;
  onClose: () => void;
}

/** A result or error dialog with one OK button; closing it any way counts as OK. */
export function MessageDialog({ opened, title, message, onClose }: MessageDialogProps) {
  return (
    <OnDemandModal opened={opened} onClose={onClose} title={title} centered closeOnClickOutside={false}>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose} data-autofocus>
          OK
        </Button>
      </Group>
    </OnDemandModal>
  );
}
