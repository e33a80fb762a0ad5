import { controlPoints, controlSeries, expandRuns, seriesMovingRanges } from './control-series';
import { columnsOf } from '../testing/control-fixtures';

const at = (minute: number) => Date.UTC(2026, 10, 1, 8, minute);

const POINTS = [
  { runId: 11, startMs: at(0), sn: 'A', value: 10, lower: 9, upper: 12, version: 1 },
  { runId: 12, startMs: at(1), sn: 'B', value: 10.5, lower: 9, upper: 12, version: 1 },
  { runId: 13, startMs: at(2), sn: 'C', value: 14, lower: 9, upper: null, version: 2 },
  { runId: 14, startMs: at(3), sn: 'D', value: 9.25, lower: 9, upper: null, version: 2 },
  { runId: 15, startMs: at(4), sn: 'E', value: 10, lower: 9, upper: 12.5, version: 1 },
];

describe('the control chart series (column-wise on the wire)', () => {
  it('packs columns, limits and versions where they change, and the violating points', () => {
    const series = controlSeries(columnsOf(POINTS), [[], [], [1], [], [1, 4]]);
    expect(series).toEqual({
      runIds: [11, 12, 13, 14, 15],
      times: POINTS.map((p) => p.startMs),
      sns: ['A', 'B', 'C', 'D', 'E'],
      values: [10, 10.5, 14, 9.25, 10],
      limits: [
        { from: 0, lower: 9, upper: 12 },
        { from: 2, lower: 9, upper: null },
        { from: 4, lower: 9, upper: 12.5 },
      ],
      versions: [
        { from: 0, version: 1 },
        { from: 2, version: 2 },
        { from: 4, version: 1 },
      ],
      violations: [
        { index: 2, rules: [1] },
        { index: 4, rules: [1, 4] },
      ],
    });
  });

  it('spells every point back out, with its moving range, limits, version and rules', () => {
    const rules = [[], [], [1], [], [1, 4]] as const;
    const points = controlPoints(
      controlSeries(
        columnsOf(POINTS),
        rules.map((r) => [...r]),
      ),
    );
    expect(points).toEqual(
      POINTS.map((p, i) => ({
        runId: p.runId,
        startTime: new Date(p.startMs).toISOString(),
        sn: p.sn,
        value: p.value,
        movingRange: i === 0 ? null : Math.abs(p.value - POINTS[i - 1]!.value),
        lower: p.lower,
        upper: p.upper,
        version: p.version,
        rules: [...rules[i]!],
      })),
    );
  });

  it('answers an empty series for no points', () => {
    const series = controlSeries(columnsOf([]), []);
    expect(series).toMatchObject({ values: [], limits: [], versions: [], violations: [] });
    expect(controlPoints(series)).toEqual([]);
  });

  it('expands run-length lists and computes moving ranges', () => {
    expect(
      expandRuns(
        [
          { from: 0, v: 'a' },
          { from: 2, v: 'b' },
        ],
        4,
      ).map((r) => r.v),
    ).toEqual(['a', 'a', 'b', 'b']);
    expect(seriesMovingRanges([1, 3, 2.5])).toEqual([null, 2, 0.5]);
  });
});
