import { Button, Group, Stack, Text } from '@mantine/core';
import {
  addAlignment,
  moveAlignment,
  MSG,
  pasteAlignment,
  removeAlignment,
  type Alignment,
} from '@sweepline/domain';
import { ConfirmDialog, notifyInfo } from '@sweepline/ui';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { ALIGNMENT_FIELDS, withChanges, type ParamValue } from '../param-layout';
import { ParamFields } from '../ParamFields';
import { useParamForm } from '../ParamFormContext';
import { AlignmentToolbar } from './AlignmentToolbar';
import { copiedAlignmentAtom } from './copied-alignment';
import { TracesEditor } from './TracesEditor';

/**
 * The Align editor: the list of alignments (up to 9) with its tools, and the selected
 * alignment's fields and traces. Every rule is libs/domain's alignment and trace rules.
 */
export function AlignEditor({
  list,
  onChange,
}: {
  list: Alignment[];
  onChange: (channelArray: Alignment[]) => void;
}) {
  const { readOnly, errorOf, hasErrorsUnder } = useParamForm();
  const [selected, setSelected] = useState<number | undefined>(list.length > 0 ? 0 : undefined);
  const [copied, setCopied] = useAtom(copiedAlignmentAtom);
  const [confirming, setConfirming] = useState(false);
  const current = selected !== undefined && selected < list.length ? selected : undefined;

  const setList = (channelArray: Alignment[], nextSelected: number | undefined) => {
    onChange(channelArray);
    setSelected(nextSelected);
  };
  /** Runs `action` on the selected alignment, or says none is selected. */
  const withSelected = (action: (index: number) => void) => () => {
    if (current === undefined) notifyInfo(MSG.noAlignmentSelected);
    else action(current);
  };

  const add = () => {
    const result = addAlignment(list);
    if ('error' in result) notifyInfo(result.error);
    else setList(result.list, result.list.length - 1);
  };
  const paste = () => {
    const result = pasteAlignment(list, copied, current);
    if ('error' in result) notifyInfo(result.error);
    else setList(result.list, result.selectedIndex);
  };
  const move = (direction: -1 | 1) =>
    withSelected((index) => {
      const moved = moveAlignment(list, index, direction);
      // the selection follows the alignment when it moved
      setList(moved, moved[index] === list[index] ? index : index + direction);
    })();
  const remove = () => {
    if (current === undefined) return;
    const result = removeAlignment(list, current);
    setConfirming(false);
    setList(result.list, result.selectedIndex);
  };
  const patchSelected = (index: number) => (patch: ParamValue) =>
    onChange(list.map((a, i) => (i === index ? withChanges(a, patch) : a)));

  const listError = errorOf('channelArray');
  return (
    <Stack gap="sm" role="group" aria-label="Alignments">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Alignments
        </Text>
        <AlignmentToolbar
          disabled={readOnly}
          onAdd={add}
          onCopy={withSelected((index) => setCopied(list[index]))}
          onPaste={paste}
          onMove={move}
          onDelete={withSelected(() => setConfirming(true))}
        />
      </Group>
      <Group gap={4}>
        {list.map((alignment, i) => (
          <Button
            key={i}
            size="compact-sm"
            variant={i === current ? 'filled' : 'default'}
            aria-pressed={i === current}
            onClick={() => setSelected(i)}
          >
            {`Alignment ${i + 1}${alignment.title ? `: ${alignment.title}` : ''}`}
            {/* not complete yet, as the steps column marks a step */}
            {hasErrorsUnder(`channelArray[${i}].`) && <span aria-hidden="true">&nbsp;*</span>}
          </Button>
        ))}
      </Group>
      {listError && (
        <Text size="xs" c="red" role="alert">
          {listError}
        </Text>
      )}
      {current !== undefined && list[current] && (
        <Stack gap="xs" role="group" aria-label={`Alignment ${current + 1} parameters`}>
          <ParamFields
            fields={ALIGNMENT_FIELDS}
            value={list[current]}
            path={`channelArray[${current}].`}
            onPatch={patchSelected(current)}
          />
          <TracesEditor
            alignment={list[current]}
            path={`channelArray[${current}].`}
            onPatch={patchSelected(current)}
          />
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        message={MSG.deleteAlignment}
        confirmLabel="Delete"
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
