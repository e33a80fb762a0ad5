import { useState } from 'react';
import type { ServerData } from '../../app/useServerData';
import { analysisLabel } from './analysis-format';
import { useCapability, useControlChart } from './useMeasurementData';
import type { AppliedPick } from './applied-pick';
import { useMeasurementPickers } from './useMeasurementPickers';
import type { Zoom } from './ChartZoom';

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
/** The control chart at a plot width, zoomed when the zoom was made on the pick applied now. */
export const useControlAnalysis = (width: number, zoomed: { of: AppliedPick; zoom: Zoom } | null) =>
  useStepAnalysis('Control Chart', (applied) =>
    useControlChart(applied, { width, zoom: zoomed && zoomed.of === applied ? zoomed.zoom : null }),
  );
