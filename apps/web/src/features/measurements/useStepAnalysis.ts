import { useState } from 'react';
import { reportFailure } from '../../app/api-client';
import type { ReportQuery } from '../reports/reports.api';
import { analysisLabel } from './analysis-format';
import type { StepSubject } from './measurements.api';
import { useAnalysis } from './useAnalysis';
import { useMeasurementPickers } from './useMeasurementPickers';

/**
 * The state of a one-step analysis screen (Capability, Control Chart): the pickers with a step,
 * the answer fetched on each Apply, and the label its title and CSV file take.
 */
export function useStepAnalysis<T>(
  title: string,
  load: (subject: StepSubject, query: ReportQuery) => Promise<T>,
) {
  const [error, setError] = useState<string>();
  const pickers = useMeasurementPickers({ withStep: true, allTests: false }, (e) =>
    reportFailure(e, setError),
  );
  const applied = pickers.applied;
  const report = useAnalysis(
    applied && (() => load({ seqId: applied.seqId, step: applied.step }, applied.query)),
    [applied],
  );
  const label =
    applied && analysisLabel(title, [applied.product.name, applied.seqName, applied.step], applied.days);
  return { title, error, pickers, applied, report, label };
}

export type StepAnalysis<T> = ReturnType<typeof useStepAnalysis<T>>;
