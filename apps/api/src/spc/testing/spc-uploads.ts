import { capability, type RunUploadAnswer, type StepResult } from '@sweepline/domain';
import { ok, type EditorApi } from '../../editor/testing/editor-api';
import { addSerialNumbers, PASS_STEPS, runOf, type Line } from '../../runner/testing/runner-fixtures';

/** The step production SPC's int-specs judge. */
export const SPC_STEP = 'Insertion Loss Max';
/** A steady baseline of the step, uploaded on 2025-11-20 (runOf's clock). */
export const SPC_BASELINE = [0.8, 0.84, 0.81, 0.83, 0.79, 0.82, 0.85, 0.8, 0.83, 0.81];
const BASELINE_FIGURES = capability(SPC_BASELINE, { lower: null, upper: 1.5 });
/** The day the baseline is uploaded, as a report range (zone offset 0). */
export const NOV_20 = {
  start_time: String(Date.UTC(2025, 10, 20)),
  stop_time: String(Date.UTC(2025, 10, 21) - 1),
  zone_offset: '0',
};
/** A freeze of the step's limits from the baseline's day (POST /spc/limits). */
export const freezeFromBaseline = (line: Line) => ({
  seq_id: String(line.tests[0]!.id),
  step: SPC_STEP,
  ...NOV_20,
});
/** The baseline's centre plus `sigmas` of its σ within: where a value lies against limits frozen from it. */
export const sigmasOff = (sigmas: number) => BASELINE_FIGURES.mean! + sigmas * BASELINE_FIGURES.sigmaWithin!;

let unit = 0;

/** A passed run of the line's test with this value of the step on a new serial number, at `startTime` if given, posted. */
export async function postValue(api: EditorApi, line: Line, value: number, startTime?: string) {
  const sn = `SPC-UP-${++unit}`;
  await addSerialNumbers(api, line.product.id, [sn]);
  const steps: StepResult[] = PASS_STEPS.map((step) => (step.title === SPC_STEP ? { ...step, value } : step));
  const run = runOf(line.tests[0]!, sn, { steps });
  if (startTime) Object.assign(run, { start_time: startTime, end_time: startTime });
  return api.post('/runner/runs', run);
}

/** postValue's run, stored: the upload's answer. */
export async function uploadValue(
  api: EditorApi,
  line: Line,
  value: number,
  startTime?: string,
): Promise<RunUploadAnswer> {
  return ok<RunUploadAnswer>(postValue(api, line, value, startTime));
}
