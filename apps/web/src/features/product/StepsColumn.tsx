import { canMove, tooltipErrors, type EditorStep } from '@sweepline/domain';
import { IconToolbar, LazyTooltip, SelectableList, ToolIcons } from '@sweepline/ui';
import { useAtomValue } from 'jotai';
import { memo, type KeyboardEvent } from 'react';
import { EditorColumn } from './EditorColumn';
import { useListSize } from './editor-layout';
import { ASTERISK, NUMBER, ROW, ROW_TEXT } from './row-styles';
import { EDITOR_TEXTS } from './editor-texts';
import { isClipboardKey } from './keys';
import { readOnlyAtom, seqAtom, shownStepsAtom, stepSelectionAtom } from './product.atoms';
import type { EditorActions } from './useEditorActions';

/** An incomplete step's asterisk: its tooltip lists up to two errors, then an ellipsis (docs/requirements/test-editor.md#step-tools). */
function Incomplete({ errors }: { errors: readonly string[] }) {
  const text = tooltipErrors(errors);
  return (
    <LazyTooltip label={text} multiline maw={360} style={{ whiteSpace: 'pre-line' }} withinPortal>
      <span style={ASTERISK} aria-label={text} role="img">
        *
      </span>
    </LazyTooltip>
  );
}

const renderStep = (step: EditorStep, index: number) => (
  <div style={ROW}>
    <span style={{ ...NUMBER, minWidth: 24, textAlign: 'right' }}>{index + 1}</span>{' '}
    <span style={ROW_TEXT} title={step.name}>
      {step.name}
    </span>
    {!step.isCompleted && (
      <>
        {' '}
        <Incomplete errors={step.errors} />
      </>
    )}
  </div>
);

const stepLabel = (step: EditorStep, index: number) =>
  `${index + 1} ${step.name}${step.isCompleted ? '' : ' *'}`;

/** The Test Steps column (docs/requirements/test-editor.md#layout): add, edit, copy, paste, move up, move down, delete. */
export const StepsColumn = memo(function StepsColumn({ actions }: { actions: EditorActions }) {
  const listSize = useListSize();
  const seq = useAtomValue(seqAtom);
  const steps = useAtomValue(shownStepsAtom);
  const selection = useAtomValue(stepSelectionAtom);
  const readOnly = useAtomValue(readOnlyAtom);
  const order = seq?.steps.map((s) => s.id) ?? [];

  const onKey = (event: KeyboardEvent) => {
    if (readOnly) return;
    const key = isClipboardKey(event);
    if (key) event.preventDefault();
    if (key === 'copy') void actions.copySteps();
    if (key === 'paste') void actions.pasteSteps();
    if (key === 'delete') void actions.deleteSteps();
  };

  const tools = [
    { label: 'Add step', icon: ToolIcons.add, onClick: () => void actions.openAddStep() },
    { label: 'Edit step', icon: ToolIcons.edit, onClick: () => void actions.openEditStep() },
    { label: 'Copy steps', icon: ToolIcons.copy, onClick: () => void actions.copySteps() },
    { label: 'Paste steps', icon: ToolIcons.paste, onClick: () => void actions.pasteSteps() },
    {
      label: 'Move up',
      icon: ToolIcons.up,
      onClick: () => void actions.moveSteps(-1),
      disabled: !canMove(order, selection.ids, -1),
    },
    {
      label: 'Move down',
      icon: ToolIcons.down,
      onClick: () => void actions.moveSteps(1),
      disabled: !canMove(order, selection.ids, 1),
    },
    {
      label: 'Delete steps',
      icon: ToolIcons.remove,
      onClick: () => void actions.deleteSteps(),
      color: 'red',
    },
  ];

  return (
    <EditorColumn label="Test Steps" tools={!readOnly && <IconToolbar label="Step tools" tools={tools} />}>
      <SelectableList
        label="Test Steps"
        items={steps ?? []}
        itemKey={(s) => s.id}
        itemLabel={stepLabel}
        renderItem={renderStep}
        selected={new Set(selection.ids)}
        multiple
        onSelect={(id, mods) => void actions.clickStep(id, mods)}
        onKey={onKey}
        emptyText={seq ? EDITOR_TEXTS.noSteps : undefined}
        {...listSize}
      />
    </EditorColumn>
  );
});
