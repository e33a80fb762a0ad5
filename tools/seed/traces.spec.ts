import type { StepResult, TraceLimitLine } from '@sweepline/domain';
import { getAction, limitLines, limitRowOf, plottedTrace, withDerivedPlots } from '@sweepline/domain';
import { DEMO_PRODUCTS } from './demo-products';
import { templates } from './results';
import type { BuiltTest } from './tests';
import { buildSteps } from './tests';
import { traceOf } from './traces';

/** Every demo test built as the seed builds it. */
let nextId = 1;
const tests: BuiltTest[] = DEMO_PRODUCTS.flatMap((product, productIndex) =>
  product.tests.map((spec) => {
    const ids = spec.steps.map(() => nextId++);
    return { id: ids[0]!, productIndex, spec, steps: buildSteps(spec, product, ids) };
  }),
);

/** A row's trace as the seed stores it, drawn with the StepPlot the API derives from its step. */
function drawn(test: BuiltTest, row: StepResult, actionId: number, band: [number, number]) {
  const [derived] = withDerivedPlots([row], test.steps);
  if (!derived?.plot) return undefined;
  const stored = traceOf(row, actionId, band);
  const trace = { freqs_MHz: stored.freqs, values: stored.values };
  const plotted = plottedTrace(limitRowOf(actionId)!, derived.plot, trace);
  return limitLines({ ...derived, plot: derived.plot }, trace).map((line) => ({
    line,
    under: plotted.values.filter(
      (_, i) => plotted.freqs_MHz[i]! >= line.fromMHz && plotted.freqs_MHz[i]! <= line.toMHz,
    ),
  }));
}

/** Whether the plotted trace under its line breaks it, by the line's rule. */
function breaks({ line, under }: { line: TraceLimitLine; under: number[] }): boolean {
  const fails = (v: number) => (line.failSide === 'above' ? v > line.yValue : v < line.yValue);
  if (line.rule === 'everyPoint') return under.some(fails);
  if (line.rule === 'somePoint') return under.every(fails);
  return fails(under.reduce((s, v) => s + v, 0) / under.length);
}

/**
 * Each traced step that fails a run, once: its failing row (a failing run's) and its passing
 * row (the same row of a passing run: the rows of a run are the same in every template).
 */
const cases = tests.flatMap((test) => {
  const all = templates(test, 2, 7);
  const passing = all.find((t) => t.result === 1)!;
  const seen = new Set<number>();
  return all
    .filter((t) => t.result === 0)
    .flatMap((t) => t.traced.filter((tr) => t.steps[tr.index]!.result === 0).map((tr) => ({ t, tr })))
    .filter(({ tr }) => !seen.has(tr.step) && seen.add(tr.step))
    .map(({ t, tr }) => ({
      name: `${test.spec.name} / ${getAction(tr.actionId).name}`,
      test,
      tr,
      failing: t.steps[tr.index]!,
      passing: passing.steps[tr.index]!,
    }));
});

describe('the demo’s traces, stored as the runner stores them (issue 38)', () => {
  it.each(cases.map((c) => [c.name, c] as const))(
    '%s: the failing unit’s trace breaks its line on the failing side, the passing one’s does not',
    (_, { test, tr, failing, passing }) => {
      expect([failing.result, passing.result]).toEqual([0, 1]);
      const bad = drawn(test, failing, tr.actionId, tr.band);
      // relative steps and smoothed group delays get no derived plot: no line to be on a side of
      if (!bad) return;
      expect(bad.length).toBeGreaterThan(0);
      expect(bad.every((l) => l.under.length > 0)).toBe(true);
      expect(bad.some(breaks)).toBe(true);
      expect(drawn(test, passing, tr.actionId, tr.band)!.some(breaks)).toBe(false);
    },
  );

  it('draws BPF-600’s insertion loss as |S21|: a failing unit’s trace below the −1.2 dB line', () => {
    const il = cases.find((c) => c.name === 'Pass band / Insertion Loss Max')!;
    const [bad, ...more] = drawn(il.test, il.failing, il.tr.actionId, il.tr.band)!;
    expect(more).toEqual([]);
    expect(bad!.line).toMatchObject({ yValue: -1.2, failSide: 'below' });
    expect(Math.min(...bad!.under)).toBeCloseTo(-(il.failing.value as number), 9);
  });

  it('draws a line for every traced action of the demo but the relative ones (Rejection, Coupler)', () => {
    const lined = (c: (typeof cases)[number]) => drawn(c.test, c.failing, c.tr.actionId, c.tr.band);
    const names = (list: typeof cases) => [...new Set(list.map((c) => getAction(c.tr.actionId).name))].sort();
    expect(names(cases.filter((c) => !lined(c)))).toEqual([
      'Coupler Max',
      'Coupler Min',
      'Coupler Variation',
      'Rejection',
    ]);
    expect(names(cases.filter(lined))).toEqual(
      expect.arrayContaining([
        'Cable',
        'Gain Max',
        'Group Delay',
        'Insertion Loss Max',
        'Return Loss',
        'SWR',
      ]),
    );
  });
});
