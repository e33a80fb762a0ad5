import { Button, Group, Modal, NumberInput, Stack, Table, Text } from '@mantine/core';
import { validateProcessControl, type EditorProduct, type SeqNumbersBody } from '@sweepline/domain';
import { FormActions } from '@sweepline/ui';
import { useState, type FormEvent } from 'react';

export interface ProcessControlDialogProps {
  product: EditorProduct;
  onSave: (rows: SeqNumbersBody[]) => void;
  onCancel: () => void;
}

/** An empty or partial number is kept as NaN, which the domain rule refuses like any bad number. */
const asNumber = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);

/** The process-control dialog (docs/requirements/test-editor.md#test-tools): the stage and test number of every test. */
export function ProcessControlDialog({ product, onSave, onCancel }: ProcessControlDialogProps) {
  const [rows, setRows] = useState<SeqNumbersBody[]>(
    product.seqs.map((s) => ({ seq_id: s.id, stage_no: s.stageNo, test_no: s.testNo })),
  );
  const [checked, setChecked] = useState(false);
  const errors = validateProcessControl(rows);
  const change = (i: number, field: 'stage_no' | 'test_no', value: string | number) =>
    setRows(rows.map((row, j) => (j === i ? { ...row, [field]: asNumber(value) } : row)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (errors.every((e) => e === undefined)) onSave(rows);
  };

  return (
    <Modal opened onClose={onCancel} title="Process Control" centered closeOnClickOutside={false} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {rows.length === 0 ? (
            <Text c="dimmed">This product has no tests.</Text>
          ) : (
            <Table aria-label="Stage and test numbers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Test</Table.Th>
                  <Table.Th>Stage</Table.Th>
                  <Table.Th>Test No.</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, i) => {
                  const name = product.seqs[i]!.name;
                  const error = checked ? errors[i] : undefined;
                  return (
                    <Table.Tr key={row.seq_id}>
                      <Table.Td>
                        {name}
                        {error && (
                          <Text c="red" fz="xs" role="alert">
                            {error}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={`Stage of ${name}`}
                          value={Number.isNaN(row.stage_no) ? '' : row.stage_no}
                          onChange={(v) => change(i, 'stage_no', v)}
                          allowDecimal={false}
                          allowNegative={false}
                          error={error !== undefined}
                          w={90}
                          data-autofocus={i === 0 || undefined}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={`Test number of ${name}`}
                          value={Number.isNaN(row.test_no) ? '' : row.test_no}
                          onChange={(v) => change(i, 'test_no', v)}
                          allowDecimal={false}
                          allowNegative={false}
                          error={error !== undefined}
                          w={90}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          )}
          {rows.length === 0 ? (
            <Group justify="flex-end">
              <Button variant="default" onClick={onCancel}>
                Close
              </Button>
            </Group>
          ) : (
            <FormActions submitLabel="Save" onCancel={onCancel} />
          )}
        </Stack>
      </form>
    </Modal>
  );
}
