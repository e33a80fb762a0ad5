import {
  ActionId,
  measurePim,
  pimTrace,
  stepPlotOf,
  type PimCommonParam,
  type PimFixParam,
  type PimSweepParam,
  type Step,
} from '@sweepline/domain';
import { pimFixedSetupOf, pimSweptSetupOf, type PimAnalyzer } from '@sweepline/instruments';
import type { StepOutput } from './rows';
import { row, titleOf } from './rows';

/**
 * Fixed and swept tone: the analyzer's readings, judged by libs/domain (worst reading, dBm or
 * dBc). A swept tone's readings are the step's trace, ordered by IM frequency (pimTrace).
 */
export async function runPimStep(step: Step, pim: PimAnalyzer): Promise<StepOutput> {
  const p = step.param as PimCommonParam;
  const result =
    step.actionId === ActionId.PimFixedTone
      ? await pim.measureFixed(pimFixedSetupOf(step.param as PimFixParam))
      : await pim.measureSwept(pimSweptSetupOf(step.param as PimSweepParam));
  const readings = result.readings.map((r) => ({
    pim_dBm: r.pimDbm,
    f1_Hz: r.f1Hz,
    f2_Hz: r.f2Hz,
    imFreq_Hz: r.imFreqHz,
  }));
  const m = measurePim(p, readings.length > 0 ? readings : [{ pim_dBm: result.pimDbm }]);
  const rows = [row(titleOf(step), p, m.value, m.unit, m.result)];
  // a swept tone is a trace of PIM against IM frequency; a fixed tone reads one frequency over time
  if (step.actionId !== ActionId.PimSweptTone || readings.length === 0) return { rows };
  const traced = rows.map((r) => ({ ...r, plot: stepPlotOf(step.actionId, {}) }));
  return { rows: traced, traces: [{ row: 0, ...pimTrace(p, readings), report: p.isReportScreen }] };
}
