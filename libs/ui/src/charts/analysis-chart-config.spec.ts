import { FAIL_COLOR } from '@sweepline/domain';
import { histogramChartData, normalCurve } from './capability-chart-config';
import { controlChartData } from './control-chart-config';
import { paretoChartData, paretoChartOptions, uprightLabelsHeight, wrapLabel } from './pareto-chart-config';
import { traceChartData } from './trace-chart-config';

describe('analysis chart configs', () => {
  it('draws Pareto counts as bars and the cumulative percent as a line on its own axis', () => {
    const data = paretoChartData([
      { label: 'Return Loss', count: 3, cumulativePercent: 60 },
      { label: 'Aborted', count: 2, cumulativePercent: 100 },
    ]);
    expect(data.labels).toEqual([['Return Loss'], ['Aborted']]);
    expect(data.datasets[0]).toMatchObject({ type: 'bar', data: [3, 2], yAxisID: 'y' });
    expect(data.datasets[1]).toMatchObject({ type: 'line', data: [60, 100], yAxisID: 'percent' });
  });

  it('draws a long bar label whole, in lines broken between words (issue 38)', () => {
    const title = 'PIM / PIM IM3L Reverse - 93 dBc';
    const lines = wrapLabel(title);
    expect(lines).toEqual(['PIM / PIM IM3L', 'Reverse - 93 dBc']);
    expect(lines.join(' ')).toBe(title);
    expect(paretoChartData([{ label: title, count: 1, cumulativePercent: 100 }]).labels).toEqual([lines]);
  });

  it('stands the labels of many bars upright, whole on one line, with the room they need below', () => {
    const bars = Array.from({ length: 20 }, (_, i) => ({
      label: `Pass band / Insertion Loss Variation Cross 50MHz - S21 (500 - 700 MHz) ${i}`,
      count: 20 - i,
      cumulativePercent: 5 * (i + 1),
    }));
    expect(paretoChartData(bars).labels).toEqual(bars.map((b) => [b.label]));
    expect(paretoChartOptions(bars, () => undefined).scales!['x']!.ticks).toMatchObject({
      minRotation: 90,
      maxRotation: 90,
    });
    expect(uprightLabelsHeight(bars)).toBeGreaterThan(6 * bars[10]!.label.length);
    const few = bars.slice(0, 3);
    expect(paretoChartOptions(few, () => undefined).scales!['x']!.ticks).toMatchObject({ maxRotation: 0 });
    expect(uprightLabelsHeight(few)).toBe(0);
  });

  it('breaks a word longer than a line inside it, and keeps every character', () => {
    expect(wrapLabel('x'.repeat(40))).toEqual(['x'.repeat(18), 'x'.repeat(18), 'xxxx']);
    expect(wrapLabel('ab  cd', 2)).toEqual(['ab', 'cd']);
    expect(wrapLabel('')).toEqual([]);
  });

  it('scales the normal fit to the counts: its area is n × bin width', () => {
    const plot = {
      bins: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => ({ from: i, to: i + 1, count: 10 })),
      unit: 'dB',
      lower: 1,
      upper: null,
      fit: { mean: 5, sigma: 1 },
    };
    const curve = normalCurve(plot);
    let area = 0;
    for (let i = 1; i < curve.length; i++)
      area += ((curve[i]!.y + curve[i - 1]!.y) / 2) * (curve[i]!.x - curve[i - 1]!.x);
    expect(area).toBeCloseTo(100, 0);
    const labels = histogramChartData(plot).datasets.map((d) => d.label);
    expect(labels).toEqual(['Values', 'Normal fit', 'LSL 1']);
  });

  it('draws rule violations as red points of their own and the spec limits stepped where they change', () => {
    const data = controlChartData({
      title: 'Gain',
      unit: 'dB',
      values: [1, 5, 2, 3],
      flagged: [1],
      levels: [{ label: 'UCL 4', value: 4, color: FAIL_COLOR }],
      stepped: [
        {
          label: 'USL',
          changes: [
            { from: 0, value: 6 },
            { from: 2, value: null },
            { from: 3, value: 7 },
          ],
        },
      ],
      tickLabel: String,
    });
    expect(data.datasets.map((d) => d.label)).toEqual(['Gain', 'Rule violations', 'UCL 4', 'USL']);
    expect(data.datasets[1]).toMatchObject({
      data: [{ x: 1, y: 5 }],
      showLine: false,
      borderColor: FAIL_COLOR,
    });
    expect(data.datasets[2]!.data).toEqual([
      { x: 0, y: 4 },
      { x: 3, y: 4 },
    ]);
    expect(data.datasets[3]).toMatchObject({ label: 'USL', stepped: true });
    // 6 up to point 1, no limit at point 2, 7 from point 3
    expect(data.datasets[3]!.data).toEqual([
      { x: 0, y: 6 },
      { x: 1, y: 6 },
      { x: 2, y: null },
      { x: 3, y: 7 },
    ]);
  });

  it('decimates a long control chart and keeps every violation at full resolution', () => {
    const values = Array.from({ length: 60_000 }, (_, i) => 10 + Math.sin(i));
    const flagged = [7, 29_999, 59_998];
    const data = controlChartData({
      title: 'Gain',
      unit: 'dB',
      values,
      flagged,
      levels: [],
      tickLabel: String,
    });
    expect(data.datasets[0]!.data.length).toBeLessThanOrEqual(4000);
    expect(data.datasets[0]).toMatchObject({ pointRadius: 0 });
    expect(data.datasets[1]!.data).toEqual(flagged.map((x) => ({ x, y: values[x] })));
  });

  it("draws a trace band behind the unit's own trace", () => {
    const data = traceChartData({
      title: 'IL',
      unit: 'dB',
      freqs_MHz: [1, 2],
      values: [0.5, 0.6],
      band: { label: 'p5-p95 of 3 traces', median: [0.4, 0.5], low: [0.3, 0.4], high: [0.6, 0.7] },
    });
    expect(data.datasets.map((d) => [d.label, d.order])).toEqual([
      ['IL', 0],
      ['Band p5-p95 of 3 traces', 3],
      ['Band low edge', 3],
      ['Median', 2],
    ]);
    expect(data.datasets[2]).toMatchObject({ fill: '-1' });
  });
});
