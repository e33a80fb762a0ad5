import { Button, Group, Select, Text } from '@mantine/core';
import { OnDemandModal } from '@sweepline/ui';
import { useState, type FormEvent } from 'react';

export interface JumpToStageDialogProps {
  opened: boolean;
  stages: number[];
  count: number;
  onCancel: () => void;
  onJump: (stageNo: number) => void;
}

/** Jump To Stage (docs/requirements/serial-numbers.md#screen, docs/requirements/serial-numbers.md#calls): one of the product's stages for the selected units. */
export function JumpToStageDialog({ opened, stages, count, onCancel, onJump }: JumpToStageDialogProps) {
  const [stage, setStage] = useState<string | null>(null);
  const chosen = stage ?? (stages[0] === undefined ? null : String(stages[0]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen !== null) onJump(Number(chosen));
  };
  return (
    <OnDemandModal opened={opened} onClose={onCancel} title="Jump To Stage" centered>
      <form onSubmit={submit}>
        <Text size="sm" mb="sm">
          {count === 1 ? '1 serial number starts' : `${count} serial numbers start`} a new visit of the stage.
        </Text>
        <Select
          label="Stage"
          data={stages.map((s) => ({ value: String(s), label: `Stage ${s}` }))}
          value={chosen}
          onChange={setStage}
          allowDeselect={false}
          // in a portal: inside the dialog the list was clipped by its body, flipped upwards and
          // 'Stage 1' sat under the dialog's header (issue 28)
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Jump</Button>
        </Group>
      </form>
    </OnDemandModal>
  );
}
