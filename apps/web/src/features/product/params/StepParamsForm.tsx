import { Text } from '@mantine/core';
import { findAction, type EditorSeq, type EditorStep, type StepParam } from '@sweepline/domain';
import { useState } from 'react';
import { LAYOUTS, type ParamValue } from './param-layout';
import { ParamFields } from './ParamFields';
import { ParamFormContext, type ParamFormEnv } from './ParamFormContext';
import { useParamErrors } from './useParamErrors';

export interface StepParamsFormProps {
  step: EditorStep;
  /** The param to show: the step's own, or the screen's edit of it not saved yet. */
  param?: StepParam;
  seq: EditorSeq;
  readOnly: boolean;
  /** The whole new param after each edit; the screen saves it. */
  onChange: (param: Record<string, unknown>) => void;
  /** 'Set Up Calibrations' chosen in a calibration selector. */
  onSetUpCalibrations: () => void;
}

/**
 * The Step Parameters panel body of the selected step: the catalogue's param kind of its action
 * picks the layout (param-layout.ts), one generic form renders it, and libs/domain's
 * validateStepParam supplies every message. A new step or action starts a fresh form.
 */
export function StepParamsForm(props: StepParamsFormProps) {
  return <StepParamsBody key={`${props.step.id}:${props.step.actionId}`} {...props} />;
}

function StepParamsBody({
  step,
  param = step.param,
  seq,
  readOnly,
  onChange,
  onSetUpCalibrations,
}: StepParamsFormProps) {
  const [draft, setDraft] = useState<StepParam>(param);
  // the param last received and the one last sent: a param from outside that is not our own
  // echo (the server's answer, a default title it wrote) replaces the draft
  const [received, setReceived] = useState<StepParam>(param);
  const [sent, setSent] = useState<StepParam | undefined>(undefined);
  if (param !== received) {
    setReceived(param);
    if (param !== sent) setDraft(param);
  }

  const index = seq.steps.findIndex((s) => s.id === step.id);
  const ctx = { steps: seq.steps, index: index === -1 ? seq.steps.length : index, cals: seq.cals };
  const errors = useParamErrors(step, draft, ctx);
  const action = findAction(step.actionId);
  if (!action) return <Text c="red">Unknown step type</Text>;

  const env: ParamFormEnv = {
    readOnly,
    action,
    kind: action.paramKind,
    ...ctx,
    ...errors,
    onSetUpCalibrations,
  };
  const patch = (changes: ParamValue) => {
    const next = { ...(draft as unknown as ParamValue), ...changes };
    setDraft(next as unknown as StepParam);
    setSent(next as unknown as StepParam);
    onChange(next);
  };
  return (
    <ParamFormContext.Provider value={env}>
      <form aria-label="Step Parameters" onSubmit={(e) => e.preventDefault()} noValidate>
        <ParamFields
          fields={LAYOUTS[action.paramKind]}
          value={draft as unknown as ParamValue}
          path=""
          onPatch={patch}
        />
      </form>
    </ParamFormContext.Provider>
  );
}
