import { endpoints, unpackControlChart, type ParetoCount } from '@sweepline/domain';
import { api } from '../../app/api-client';
import type { ReportQuery } from '../reports/reports.api';
import { stepsQuery } from './opening-pick';

const { analysis } = endpoints;

/** The calls of docs/api/reports.md, "Measurement analytics". */

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

/** What the control chart asks beyond the pick: its plot's width in pixels and a zoom (docs/api/reports.md). */
export interface ChartView {
  width?: number;
  /** Epoch ms, both included. */
  zoom?: { start: number; stop: number } | null;
}

export const measurementsApi = {
  steps: (seqId: number, q: ReportQuery) => api.call(analysis.steps, { query: stepsQuery(seqId, q) }),
  capability: (s: StepSubject, q: ReportQuery) =>
    api.call(analysis.capability, { query: { seq_id: s.seqId, step: s.step, ...q } }),
  /** With a width the reply comes packed (chart-packing.ts): the screen reads it spelled out. */
  control: (s: StepSubject, q: ReportQuery, view: ChartView = {}) =>
    api
      .call(analysis.control, {
        query: {
          seq_id: s.seqId,
          step: s.step,
          ...q,
          width: view.width,
          zoom_start: view.zoom?.start,
          zoom_stop: view.zoom?.stop,
        },
      })
      .then(unpackControlChart),
  traceBand: (s: StepSubject, q: ReportQuery, runId?: number) =>
    api.call(analysis.traceBand, { query: { seq_id: s.seqId, step: s.step, run_id: runId, ...q } }),
  failures: (f: FailureSubject, q: ReportQuery) =>
    api.call(analysis.failures, {
      query: { product_id: f.productId, seq_id: f.seqId, count: f.count, ...q },
    }),
  failedRuns: (f: FailureSubject, bar: { seqId: number | null; step: string | null }, q: ReportQuery) =>
    api.call(analysis.failedRuns, {
      query: {
        product_id: f.productId,
        seq_id: bar.seqId ?? f.seqId,
        count: f.count,
        ...(bar.step === null ? { aborted: 1 } : { step: bar.step }),
        ...q,
      },
    }),
};
