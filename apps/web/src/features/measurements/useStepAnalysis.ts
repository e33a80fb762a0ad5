import { useState } from 'react';
import type { ServerData } from '../../app/useServerData';
import { analysisLabel } from './analysis-format';
import { useCapability, useControlChart } from './useMeasurementData';
import type { AppliedPick } from './applied-pick';
import { useMeasurementPickers } from './useMeasurementPickers';

/**
 * The state of a one-step analysis screen (Capability, Control Chart): the pickers with a step,
 * the answer fetched on each Apply, and the label its title and CSV file take.
 */
function useStepAnalysis<T>(title: string, useReport: (applied: AppliedPick | undefined) => ServerData<T>) {
  const [error, setError] = useState<string>();
  const pickers = useMeasurementPickers({ withStep: true, allTests: false }, setError);
  const applied = pickers.applied;
  const report = useReport(applied);
  const label =
    applied && analysisLabel(title, [applied.product.name, applied.seqName, applied.step], applied.days);
  return { title, error, pickers, applied, report, label };
}

export type StepAnalysis<T> = ReturnType<typeof useStepAnalysis<T>>;

export const useCapabilityAnalysis = () => useStepAnalysis('Capability', useCapability);
export const useControlAnalysis = () => useStepAnalysis('Control Chart', useControlChart);
