import {
  ActionId,
  measurePim,
  type PimCommonParam,
  type PimFixParam,
  type PimSweepParam,
  type Step,
} from '@sweepline/domain';
import { pimFixedSetupOf, pimSweptSetupOf, type PimAnalyzer } from '@sweepline/instruments';
import { row, StepOutput, titleOf } from './rows';

/** Fixed and swept tone: the analyzer's readings, judged by libs/domain (worst reading, dBm or dBc). */
export async function runPimStep(step: Step, pim: PimAnalyzer): Promise<StepOutput> {
  const p = step.param as PimCommonParam;
  const result =
    step.actionId === ActionId.PimFixedTone
      ? await pim.measureFixed(pimFixedSetupOf(step.param as PimFixParam))
      : await pim.measureSwept(pimSweptSetupOf(step.param as PimSweepParam));
  const readings = result.readings.map((r) => ({ pim_dBm: r.pimDbm, f1_Hz: r.f1Hz, f2_Hz: r.f2Hz }));
  const m = measurePim(p, readings.length > 0 ? readings : [{ pim_dBm: result.pimDbm }]);
  return { rows: [row(titleOf(step), p, m.value, m.unit, m.result)] };
}
