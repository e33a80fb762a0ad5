import {
  capability,
  controlLimits,
  dayRange,
  histogram,
  westernElectric,
  type CapabilityReport,
  unpackControlChart,
  type ControlChartReply,
  type ControlChartReport,
  type PackedControlChart,
} from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { editorApi, ok } from '../editor/testing/editor-api';
import type { AnalysisRun } from './testing/analysis-fixtures';
import { heading, insertAnalysisRuns, measured } from './testing/analysis-fixtures';
import { insertProduct, insertSeq } from './testing/report-fixtures';
import { SlotCapabilityReader } from './slot-capability';
import { expectCapabilityNear as expectNear } from './testing/capability-near';

const N = 700;
const START = Date.UTC(2025, 5, 1);
/** Runs every 11 to 40 minutes over about ten days, a few arriving late (out of time order). */
const minuteOf = (i: number) => i * 20 + ((i * 37) % 29) - (i % 50 === 7 ? 300 : 0);
/** Values near 1e7 with a spread of 0.1, a drift, and outliers that break rules and limits. */
const gain = (i: number) =>
  i % 97 === 13 ? 10_000_000.9 : 10_000_000 + Math.round(1000 * (0.05 * Math.sin(i / 5) + i / 20_000)) / 1000;
const upper = (i: number) => (i < 400 ? 10_000_000.12 : 10_000_000.2);

function runOf(productId: number, seqId: number, i: number): AnalysisRun {
  const result = i % 61 === 5 ? -1 : gain(i) > upper(i) ? 0 : 1;
  return {
    sn: `G-${i}`,
    productId,
    seqId,
    start: new Date(START + minuteOf(i) * 60_000).toISOString(),
    result,
    version: i < 300 ? 1 : 2,
    steps: [heading('Band'), measured('Gain', gain(i), 9_999_999.9, upper(i))],
  };
}

describeEachDatabase('capability from quarter-hour statistics, and the chart sized by the screen', (t) => {
  let manager: Member;
  let seqId: number;
  const runs: AnalysisRun[] = [];
  const get = <T>(path: string) => ok<T>(editorApi(t, manager).get(path));
  const refusal = async (path: string) => {
    const res = await editorApi(t, manager).get(path);
    return [res.status, res.body.msg];
  };

  /** The rows the API reads for local days of `zone`, in time order (start time, then run id = insertion order). */
  const rowsIn = (r: { start_time: number; stop_time: number }) =>
    runs
      .map((run, i) => ({ run, i, at: Date.parse(run.start) }))
      .filter(({ run, at }) => run.result !== -1 && at >= r.start_time && at <= r.stop_time)
      .sort((a, b) => a.at - b.at || a.i - b.i);

  beforeAll(async () => {
    manager = await createManager(t());
    const productId = await insertProduct(t(), manager.accountId!, 'Amplifier');
    seqId = await insertSeq(t(), manager.accountId!, productId, 'Final');
    for (let i = 0; i < N; i++) runs.push(runOf(productId, seqId, i));
    await insertAnalysisRuns(t(), manager.accountId!, runs);
    // 700 uploads one by one, each through the roll-ups' triggers: over 30 s on a loaded machine
  }, 180_000);

  it.each([0, 5.5, -3.75, 14, -12, 9.25])(
    'equals the row-wise figures and histogram to 1e-12 at zone offset %s',
    async (zone) => {
      const r = dayRange('2025-06-02', '2025-06-08', zone);
      const report = await get<CapabilityReport>(
        `/report/capability?seq_id=${seqId}&step=Gain&start_time=${r.start_time}&stop_time=${r.stop_time}&zone_offset=${zone}`,
      );
      const rows = rowsIn(r);
      const values = rows.map(({ i }) => gain(i));
      const last = rows.at(-1)!.i;
      const limits = { lower: 9_999_999.9, upper: upper(last) };
      expect(report).toMatchObject({ unit: 'dB', ...limits, notNumeric: 0 });
      expect(report.limitsChanged).toBe(rows.some(({ i }) => upper(i) !== upper(last)));
      expect(report.versions).toEqual([...new Set(rows.map(({ run }) => run.version))].sort());
      expect(report.figures.n).toBeGreaterThan(300);
      expectNear(report.figures, capability(values, limits));
      expect(report.histogram).toEqual(histogram(values, limits));
    },
  );

  it('reads a range with edges inside quarter hours value by value there, as exact', async () => {
    const from = START + 2 * 86_400_000 + 7 * 60_000 + 1;
    const until = START + 5 * 86_400_000 + 3 * 60_000;
    const got = await t()
      .app.get(SlotCapabilityReader)
      .read(manager.accountId!, seqId, 'Gain', {
        days: [],
        from: new Date(from).toISOString(),
        until: new Date(until).toISOString(),
        offsetMinutes: 0,
      });
    const rows = rowsIn({ start_time: from, stop_time: until - 1 });
    const values = rows.map(({ i }) => gain(i));
    const limits = { lower: 9_999_999.9, upper: upper(rows.at(-1)!.i) };
    expect(got).toMatchObject({ n: values.length, units: ['dB'], ...limits });
    expectNear(got.figures, capability(values, limits));
    expect(got.histogram).toEqual(histogram(values, limits));
  });

  describe('the control chart with width', () => {
    const r = dayRange('2025-06-01', '2025-06-12', 0);
    const chart = (more: string) =>
      `/report/control?seq_id=${seqId}&step=Gain&start_time=${r.start_time}&stop_time=${r.stop_time}&zone_offset=0${more}`;

    it('holds each column’s extremes and every rule break, with the limits of every point', async () => {
      const all = await get<ControlChartReport>(chart(''));
      const wire = await get<PackedControlChart>(chart('&width=100'));
      const sized = unpackControlChart(wire);
      const values = all.points.values;
      expect(sized.limits).toEqual(all.limits);
      expect(sized.limits).toEqual(controlLimits(values));
      const { reduction } = sized;
      expect(reduction!.total).toBe(values.length);
      const breaks = westernElectric(values, all.limits!.centre, all.limits!.sigmaWithin).flatMap(
        (rules, i) => (rules.length > 0 ? [i] : []),
      );
      expect(breaks.length).toBeGreaterThan(0);
      expect(breaks.every((i) => reduction!.indexes.includes(i))).toBe(true);
      expect(sized.points.values.length).toBeLessThanOrEqual(200 + breaks.length);
      expect(sized.points.values).toEqual(reduction!.indexes.map((i) => values[i]));
      expect(sized.points.runIds).toEqual(reduction!.indexes.map((i) => all.points.runIds[i]));
      expect(sized.points.times).toEqual(reduction!.indexes.map((i) => all.points.times[i]));
      expect(reduction!.movingRanges).toEqual(
        reduction!.indexes.map((i) => (i === 0 ? null : Math.abs(values[i]! - values[i - 1]!))),
      );
      // a serial number travels only with a point that breaks a rule
      expect(wire.packed.violationSns).toEqual(breaks.map((i) => all.points.sns[i]));
      expect('points' in wire).toBe(false);
      expect(sized.points.violations.map((v) => reduction!.indexes[v.index])).toEqual(
        all.points.violations.map((v) => v.index),
      );
      expect(all.reduction).toBeUndefined();
    });

    it('gives single points once a zoom fits two to a column', async () => {
      const all = await get<ControlChartReport>(chart(''));
      const [a, b] = [all.points.times[100]!, all.points.times[250]!];
      const zoomed = unpackControlChart(
        await get<ControlChartReply>(chart(`&width=100&zoom_start=${a}&zoom_stop=${b}`)),
      );
      expect(zoomed.points.times).toEqual(all.points.times.slice(100, 251));
      expect(zoomed.reduction!.indexes[0]).toBe(100);
      expect(zoomed.limits).toEqual(all.limits);
    });

    it('refuses a width out of bounds and a zoom with one end', async () => {
      const msg = "width: The plot's width in whole pixels, from 100 to 10000";
      for (const w of ['99', '10001', 'wide', '-5', '1.5'])
        expect(await refusal(chart(`&width=${w}`))).toEqual([400, msg]);
      expect(await refusal(chart('&width=100&zoom_start=5'))).toEqual([
        400,
        'zoom_stop: Give both zoom_start and zoom_stop, the stop not before the start',
      ]);
      expect(await refusal(chart('&zoom_start=9&zoom_stop=5'))).toEqual([
        400,
        'zoom_stop: Give both zoom_start and zoom_stop, the stop not before the start',
      ]);
      expect(await refusal(chart('&zoom_start=x&zoom_stop=5'))).toEqual([
        400,
        'zoom_start: A time in epoch milliseconds, like 1732320000000',
      ]);
    });
  });
});
