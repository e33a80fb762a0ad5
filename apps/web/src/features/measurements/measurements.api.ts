import type {
  CapabilityReport,
  ControlChartReport,
  FailedRun,
  FailureParetoReport,
  MeasuredStep,
  ParetoCount,
  TraceBandReport,
} from '@sweepline/domain';
import { api } from '../../app/api-client';
import type { ReportQuery } from '../reports/reports.api';

/** The calls of docs/api/reports.md, "Measurement analytics". */

const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();

export interface StepSubject {
  seqId: number;
  step: string;
}

export interface FailureSubject {
  productId: number;
  /** -1: every test of the product. */
  seqId: number;
  count: ParetoCount;
}

export const measurementsApi = {
  steps: (seqId: number, q: ReportQuery) =>
    api.get<MeasuredStep[]>(`/report/steps?${query({ seq_id: seqId, ...q })}`),
  capability: (s: StepSubject, q: ReportQuery) =>
    api.get<CapabilityReport>(`/report/capability?${query({ seq_id: s.seqId, step: s.step, ...q })}`),
  control: (s: StepSubject, q: ReportQuery) =>
    api.get<ControlChartReport>(`/report/control?${query({ seq_id: s.seqId, step: s.step, ...q })}`),
  traceBand: (s: StepSubject, q: ReportQuery, runId?: number) =>
    api.get<TraceBandReport>(
      `/report/trace_band?${query({ seq_id: s.seqId, step: s.step, run_id: runId, ...q })}`,
    ),
  failures: (f: FailureSubject, q: ReportQuery) =>
    api.get<FailureParetoReport>(
      `/report/failures?${query({ product_id: f.productId, seq_id: f.seqId, count: f.count, ...q })}`,
    ),
  failedRuns: (f: FailureSubject, bar: { seqId: number | null; step: string | null }, q: ReportQuery) =>
    api.get<FailedRun[]>(
      `/report/failures/runs?${query({
        product_id: f.productId,
        seq_id: bar.seqId ?? f.seqId,
        count: f.count,
        ...(bar.step === null ? { aborted: 1 } : { step: bar.step }),
        ...q,
      })}`,
    ),
};
