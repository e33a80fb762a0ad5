/**
 * What the specs of the closings share (step-days-closed, step-slots-closed; migrations
 * 1763861500000 and 1763861600000): runs whose values fill days and quarter hours, and capability
 * read over a range before and after a closing, to be compared.
 */
import { type CapabilityReport, dayRange } from '@sweepline/domain';
import type { Member } from '../../../test/fixtures';
import type { TestApp } from '../../../test/test-app';
import { editorApi, ok } from '../../editor/testing/editor-api';
import { type AnalysisRun, measured } from './analysis-fixtures';
import { near } from './step-day-oracle';

/**
 * The i-th run, serial number `${prefix}-${i}`, at `start`: Gain (every ninth fails above its
 * limit, every thirteenth has a text) and Delay.
 */
export function gainAndDelayRun(
  prefix: string,
  productId: number,
  seqId: number,
  i: number,
  start: string,
): AnalysisRun {
  const gain = 20 + ((i * 7) % 11) / 10 + (i % 9 === 4 ? 5 : 0);
  const text = i % 13 === 6;
  return {
    sn: `${prefix}-${i}`,
    productId,
    seqId,
    start,
    result: text || gain > 24 ? 0 : 1,
    version: 1,
    steps: [
      text ? { ...measured('Gain', 'no lock', null, null), result: 0 } : measured('Gain', gain, 19, 24),
      measured('Delay', 2 + i / 100, null, 5, 'ns'),
    ],
  };
}

/** Capability of the test's `step` over the UTC days `first` to `last`, as the manager reads it. */
export const capabilityOver =
  (t: () => TestApp, manager: () => Member, seqId: () => number, first: string, last: string) =>
  (step: string): Promise<CapabilityReport> => {
    const r = dayRange(first, last, 0);
    return ok<CapabilityReport>(
      editorApi(t, manager()).get(
        `/report/capability?seq_id=${seqId()}&step=${step}&start_time=${r.start_time}&stop_time=${r.stop_time}&zone_offset=0`,
      ),
    );
  };

/** The same report: the figures' sums to 1e-12 relative (merged in another order), the rest exactly. */
export function expectSameCapability(got: CapabilityReport, want: CapabilityReport): void {
  expect({ ...got, figures: undefined }).toEqual({ ...want, figures: undefined });
  const keys = Object.keys(want.figures) as (keyof CapabilityReport['figures'])[];
  for (const k of keys) {
    const [g, w] = [got.figures[k], want.figures[k]];
    expect([k, typeof w === 'number' && typeof g === 'number' ? near(g, w) : g === w]).toEqual([k, true]);
  }
}
