import { Button, Group, Text, Textarea } from '@mantine/core';
import { OnDemandModal } from '@sweepline/ui';
import { LIMITS, parseSerialNumbers, SERIAL_NUMBERS_TEXT_MAX_LENGTH } from '@sweepline/domain';
import { useState, type FormEvent } from 'react';

export interface AddSerialNumbersDialogProps {
  opened: boolean;
  productName: string;
  onCancel: () => void;
  /** Adds the serial numbers; resolves true when they were added (the dialog then closes). */
  onAdd: (sns: string[]) => Promise<boolean>;
}

/**
 * Add Serial Number (docs/requirements/serial-numbers.md#add-dialog): one serial number a line, checked by the domain's
 * parseSerialNumbers on submit, the API's own rule, so both say the same words.
 */
export function AddSerialNumbersDialog({
  opened,
  productName,
  onCancel,
  onAdd,
}: AddSerialNumbersDialogProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<{ message: string; line?: number }>();

  const close = () => {
    setText('');
    setError(undefined);
    onCancel();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseSerialNumbers(text);
    if (!parsed.ok) return setError({ message: parsed.error, line: parsed.line });
    setError(undefined);
    if (await onAdd(parsed.serialNumbers)) setText('');
  };

  return (
    <OnDemandModal
      opened={opened}
      onClose={close}
      title="Add Serial Number"
      centered
      closeOnClickOutside={false}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Textarea
          label="Serial numbers"
          description={`One a line, up to ${LIMITS.serialNumbersPerAdd}, for ${productName}`}
          autosize
          minRows={6}
          maxRows={14}
          value={text}
          maxLength={SERIAL_NUMBERS_TEXT_MAX_LENGTH}
          onChange={(event) => setText(event.currentTarget.value)}
          error={error?.message}
          data-autofocus
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        {error?.line !== undefined && (
          <Text size="xs" c="dimmed" mt={4}>
            On line {error.line}
          </Text>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button type="submit">Add</Button>
        </Group>
      </form>
    </OnDemandModal>
  );
}
