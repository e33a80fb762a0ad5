import { Text } from '@mantine/core';
import { findAction, type EditorSeq, type EditorStep, type StepParam } from '@sweepline/domain';
import { useState } from 'react';
import { AlignEditor } from './align/AlignEditor';
import { MultipleChoiceEditor } from './MultipleChoiceEditor';
import { LAYOUTS, withChanges, type ParamValue } from './param-layout';
import { ParamFields, type ListEditors } from './ParamFields';
import { ParamFormContext, type ParamFormEnv } from './ParamFormContext';
import { useParamErrors } from './useParamErrors';

export interface StepParamsFormProps {
  step: EditorStep;
  /** The param to show: the step's own, or the screen's draft of it not saved yet. */
  param?: StepParam;
  seq: EditorSeq;
  readOnly: boolean;
  /** The whole new param after each edit; the screen keeps it as the step's draft and saves it. */
  onChange: (param: StepParam) => void;
  /** 'Set Up Calibrations' chosen in a calibration selector. */
  onSetUpCalibrations: () => void;
}

/**
 * The Step Parameters panel body of the selected step: the catalogue's param kind of its action
 * picks the layout (param-layout.ts), one generic form renders it, and libs/domain's
 * validateStepParam supplies every message. A new step or action starts a fresh form (the
 * number fields' texts, the selected alignment).
 */
export function StepParamsForm(props: StepParamsFormProps) {
  return <StepParamsBody key={`${props.step.id}:${props.step.actionId}`} {...props} />;
}

/**
 * The form keeps no draft of its own: it shows `param` and hands every edit to `onChange`, and the
 * screen's draft is the one place an edit lives (docs/web.md, "How the editor's state flows").
 */
function StepParamsBody({
  step,
  param: given = step.param,
  seq,
  readOnly,
  onChange,
  onSetUpCalibrations,
}: StepParamsFormProps) {
  const [param, handOver] = useHandedOver(given, onChange);
  const index = seq.steps.findIndex((s) => s.id === step.id);
  const ctx = { steps: seq.steps, index: index === -1 ? seq.steps.length : index, cals: seq.cals };
  const errors = useParamErrors(step, param, ctx);
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
  const patch = (changes: ParamValue) => handOver(withChanges(param, changes));
  return (
    <ParamFormContext.Provider value={env}>
      <form aria-label="Step Parameters" onSubmit={(e) => e.preventDefault()} noValidate>
        <ParamFields
          fields={LAYOUTS[action.paramKind]}
          value={param}
          path=""
          onPatch={patch}
          lists={listEditorsOf(param, handOver)}
        />
      </form>
    </ParamFormContext.Provider>
  );
}

/**
 * The param to show and the way to hand an edit over: what the form last handed over, until its
 * parent gives it another param (the echo of that edit, or a save's answer), which it then shows.
 * So edits build on each other also under a parent that does not echo them.
 */
function useHandedOver(given: StepParam, onChange: (param: StepParam) => void) {
  const [handed, setHanded] = useState<{ over: StepParam; param: StepParam }>();
  const shown = handed?.over === given ? handed.param : given;
  const handOver = (param: StepParam) => {
    setHanded({ over: given, param });
    onChange(param);
  };
  return [shown, handOver] as const;
}

/** The list editors of the param's own shape: the answer choices, or the alignments. */
function listEditorsOf(param: StepParam, onChange: (param: StepParam) => void): ListEditors {
  if ('optionArray' in param) {
    return {
      choiceOptions: (
        <MultipleChoiceEditor
          options={param.optionArray}
          onChange={(optionArray) => onChange({ ...param, optionArray })}
        />
      ),
    };
  }
  if ('channelArray' in param) {
    return {
      alignments: (
        <AlignEditor
          list={param.channelArray}
          onChange={(channelArray) => onChange({ ...param, channelArray })}
        />
      ),
    };
  }
  return {};
}
