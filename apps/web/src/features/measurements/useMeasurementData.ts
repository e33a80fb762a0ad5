import type { FailureBar, ParetoCount } from '@sweepline/domain';
import { takeBootCall } from '../../app/boot-calls';
import { useServerData } from '../../app/useServerData';
import type { ReportQuery } from '../reports/reports.api';
import { measurementsApi, type ChartView } from './measurements.api';
import type { AppliedPick } from './applied-pick';
import { stepsQuery } from './opening-pick';

/** The data of the Measurements screens (docs/api/reports.md, "Measurement analytics"). */

/** The steps measured in a range: none asked without a test of its own (not All) and a range. */
export function useMeasuredSteps(
  seqId: number | null,
  query: ReportQuery | undefined,
  onError: (message: string) => void,
) {
  const asked = seqId !== null && query !== undefined;
  return useServerData(
    ['measurements/steps', seqId, query?.start_time, query?.stop_time],
    // the opening pick's steps may have been asked as the app booted (issue 43)
    asked
      ? () =>
          takeBootCall(
            'measurements/steps',
            () => measurementsApi.steps(seqId, query),
            stepsQuery(seqId, query),
          )
      : undefined,
    { onError },
  );
}

const stepOf = (applied: AppliedPick) => ({ seqId: applied.seqId, step: applied.step });

export const useCapability = (applied: AppliedPick | undefined) =>
  useServerData(
    ['measurements/capability', applied],
    applied && (() => measurementsApi.capability(stepOf(applied), applied.query)),
  );

/** The control chart sized by the screen: asked again when the width or the zoom changes. */
/** The control chart's server data, by name (freezing limits asks for it again). */
export const CONTROL_CHART_DATA = 'measurements/control';

export const useControlChart = (applied: AppliedPick | undefined, view: ChartView) =>
  useServerData(
    [CONTROL_CHART_DATA, applied, view.width, view.zoom?.start, view.zoom?.stop],
    applied && (() => measurementsApi.control(stepOf(applied), applied.query, view)),
  );

/** Every point of the applied range (the CSV), whatever the screen shows. */
export const allControlPoints = (applied: AppliedPick) =>
  measurementsApi.control(stepOf(applied), applied.query);

/** The step's trace band over the applied range. */
export const useStepTraceBand = (applied: AppliedPick) =>
  useServerData(['measurements/trace-band', applied], () =>
    measurementsApi.traceBand(stepOf(applied), applied.query),
  );

const failureSubject = (applied: AppliedPick, count: ParetoCount) => ({
  productId: applied.product.id,
  seqId: applied.seqId,
  count,
});

/**
 * The Pareto with the pick and count it answers: the last answer stays on screen while the next
 * loads, and its name and bars must say what it shows, not what was just applied.
 */
export const useFailurePareto = (applied: AppliedPick | undefined, count: ParetoCount) =>
  useServerData(
    ['measurements/failures', applied, count],
    applied &&
      (async () => ({
        pick: applied,
        count,
        report: await measurementsApi.failures(failureSubject(applied, count), applied.query),
      })),
  );

/** The runs behind one bar of the Pareto. */
export const useFailedRuns = (bar: FailureBar, applied: AppliedPick, count: ParetoCount) =>
  useServerData(['measurements/failed-runs', bar, applied, count], () =>
    measurementsApi.failedRuns(failureSubject(applied, count), bar, applied.query),
  );
