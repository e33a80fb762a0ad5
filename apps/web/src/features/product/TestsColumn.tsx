import { Box } from '@mantine/core';
import { MSG, type EditorSeq } from '@sweepline/domain';
import { IconToolbar, InfoPopover, notifyInfo, SelectableList, ToolIcons } from '@sweepline/ui';
import { useAtomValue } from 'jotai';
import { memo, useState, type KeyboardEvent } from 'react';
import { auditRows } from './audit-rows';
import { ASTERISK, NUMBER, ROW, ROW_TEXT } from './row-styles';
import { EditorColumn } from './EditorColumn';
import { useListSize } from './editor-layout';
import { EDITOR_TEXTS } from './editor-texts';
import { isClipboardKey } from './keys';
import { productAtom, readOnlyAtom, seqAtom } from './product.atoms';
import { DraftMark } from './releases/DraftMark';
import { ReleaseBar } from './releases/ReleaseBar';
import { useReleaseMarks } from './releases/useReleaseMarks';
import type { EditorActions } from './useEditorActions';

/** 'stage-test name', with an asterisk while the test is not complete (docs/requirements/test-editor.md#step-tools). */
export function seqLabel(seq: EditorSeq): string {
  return `${seq.stageNo}-${seq.testNo} ${seq.name}${seq.isCompleted ? '' : ' *'}`;
}

const renderSeq = (seq: EditorSeq) => (
  <div style={ROW}>
    <span style={NUMBER}>
      {seq.stageNo}-{seq.testNo}
    </span>{' '}
    <span style={ROW_TEXT} title={seq.name}>
      {seq.name}
    </span>
    {!seq.isCompleted && (
      <>
        {' '}
        <span style={ASTERISK} aria-hidden>
          *
        </span>
      </>
    )}
    <DraftMark seqId={seq.id} />
  </div>
);

/** The Tests column (docs/requirements/test-editor.md#test-tools): add, rename, process control, copy, paste, information, delete. */
export const TestsColumn = memo(function TestsColumn({ actions }: { actions: EditorActions }) {
  const listSize = useListSize();
  const product = useAtomValue(productAtom);
  const seq = useAtomValue(seqAtom);
  const readOnly = useAtomValue(readOnlyAtom);
  const [infoOpen, setInfoOpen] = useState(false);
  useReleaseMarks(product?.id, product?.seqs);

  const onKey = (event: KeyboardEvent) => {
    if (readOnly) return;
    const key = isClipboardKey(event);
    if (key) event.preventDefault();
    if (key === 'copy') void actions.copySeq();
    if (key === 'paste') void actions.pasteSeq();
    if (key === 'delete') void actions.deleteSeq();
  };
  const showInfo = () => {
    if (!product) notifyInfo(MSG.noProductSelected);
    else if (!seq) notifyInfo(MSG.noTestSelected);
    else setInfoOpen(true);
  };

  const tools = [
    { label: 'Add test', icon: ToolIcons.add, onClick: () => void actions.openAddSeq() },
    { label: 'Rename test', icon: ToolIcons.rename, onClick: () => void actions.openRenameSeq() },
    { label: 'Process control', icon: ToolIcons.order, onClick: () => void actions.openProcessControl() },
    { label: 'Copy test', icon: ToolIcons.copy, onClick: () => void actions.copySeq() },
    { label: 'Paste test', icon: ToolIcons.paste, onClick: () => void actions.pasteSeq() },
    { label: 'Set Up Calibrations', icon: ToolIcons.calibrate, onClick: () => void actions.openCals() },
    { label: 'Test information', icon: ToolIcons.info, onClick: showInfo },
    {
      label: 'Delete test',
      icon: ToolIcons.remove,
      onClick: () => void actions.deleteSeq(),
      color: 'red',
    },
  ];

  return (
    <EditorColumn
      label="Tests"
      footer={
        <ReleaseBar
          seq={seq}
          onRelease={() => void actions.openRelease()}
          onList={() => void actions.openReleases()}
        />
      }
      tools={
        !readOnly && (
          <InfoPopover
            title="Test information"
            rows={seq ? auditRows(seq) : []}
            opened={infoOpen && seq !== undefined}
            onClose={() => setInfoOpen(false)}
          >
            <Box>
              <IconToolbar label="Test tools" tools={tools} />
            </Box>
          </InfoPopover>
        )
      }
    >
      <SelectableList
        label="Tests"
        items={product?.seqs ?? []}
        itemKey={(s) => s.id}
        itemLabel={seqLabel}
        renderItem={renderSeq}
        selected={new Set(seq ? [seq.id] : [])}
        onSelect={(id) => void actions.selectSeq(id)}
        onKey={onKey}
        emptyText={product ? EDITOR_TEXTS.noTests : undefined}
        {...listSize}
      />
    </EditorColumn>
  );
});
