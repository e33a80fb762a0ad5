import type { EditorSeq, EditorStep } from '@sweepline/domain';

export interface StepParamsFormProps {
  step: EditorStep;
  seq: EditorSeq;
  readOnly: boolean;
  /** The whole new param after each edit; the screen saves it. */
  onChange: (param: Record<string, unknown>) => void;
  /** 'Set Up Calibrations' chosen in a calibration selector. */
  onSetUpCalibrations: () => void;
}

/** The Step Parameters panel body of the selected step (first cut: filled in by later commits). */
export function StepParamsForm({ step }: StepParamsFormProps) {
  return <div aria-label="Step Parameters">{step.name}</div>;
}
