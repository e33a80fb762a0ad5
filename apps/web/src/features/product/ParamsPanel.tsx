import { Button, Text } from '@mantine/core';
import { MSG } from '@sweepline/domain';
import { useAtomValue } from 'jotai';
import { memo } from 'react';
import { EditorColumn } from './EditorColumn';
import { EDITOR_TEXTS } from './editor-texts';
import { StepParamsForm } from './params/StepParamsForm';
import { panelParamAtom, panelStepAtom, paramDraftAtom, readOnlyAtom, seqAtom } from './product.atoms';
import type { EditorActions } from './useEditorActions';

/** The red save hint of an edited step (docs/requirements/test-editor.md#saving): a click saves at once. */
function SaveHint({ actions }: { actions: EditorActions }) {
  const draft = useAtomValue(paramDraftAtom);
  if (!draft) return null;
  return (
    <Button variant="subtle" color="red" size="compact-sm" onClick={() => void actions.saveParam()}>
      {MSG.changesNotSaved}
    </Button>
  );
}

/** The Step Parameters panel: the parameter form of the one selected step. */
export const ParamsPanel = memo(function ParamsPanel({ actions }: { actions: EditorActions }) {
  const step = useAtomValue(panelStepAtom);
  const seq = useAtomValue(seqAtom);
  const readOnly = useAtomValue(readOnlyAtom);
  const param = useAtomValue(panelParamAtom);
  return (
    <EditorColumn label="Step Parameters" tools={!readOnly && <SaveHint actions={actions} />}>
      {step && seq ? (
        <StepParamsForm
          key={step.id}
          step={step}
          param={param ?? step.param}
          seq={seq}
          readOnly={readOnly}
          onChange={actions.editParam}
          onSetUpCalibrations={() => void actions.openCals()}
        />
      ) : (
        <Text c="dimmed" fz="sm">
          {EDITOR_TEXTS.selectAStep}
        </Text>
      )}
    </EditorColumn>
  );
});
