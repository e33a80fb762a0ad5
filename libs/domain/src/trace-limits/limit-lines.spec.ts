import { ACTIONS } from '../catalogue/catalogue';
import type { ScenarioUnit } from '../testing/limit-scenarios';
import { limitScenarios, SWEEP_MHZ } from '../testing/limit-scenarios';
import type { TraceLimitLine } from './limit-lines';
import { limitLines } from './limit-lines';
import { limitRowOf } from './limit-table';
import { plottedTrace } from './plotted-trace';

/** The plotted points under a line: its frequencies, edges included (one point for a Phase step). */
function under(unit: ScenarioUnit, line: TraceLimitLine): number[] {
  const { values, freqs_MHz } = plottedTrace(limitRowOf(unit.step.plot.actionId)!, unit.step.plot, unit);
  const tolerance = 1e-9 * line.toMHz;
  const picked = values.filter(
    (_, i) => freqs_MHz[i]! >= line.fromMHz - tolerance && freqs_MHz[i]! <= line.toMHz + tolerance,
  );
  return picked;
}

const beyond = (line: TraceLimitLine) => (v: number) =>
  line.failSide === 'above' ? v > line.yValue : v < line.yValue;
const mean = (vs: number[]) => vs.reduce((s, v) => s + v, 0) / vs.length;

/** Whether the trace under the line breaks it, by the line's rule. */
function breaks(unit: ScenarioUnit, line: TraceLimitLine): boolean {
  const values = under(unit, line);
  const fails = beyond(line);
  if (line.rule === 'everyPoint') return values.some(fails);
  if (line.rule === 'somePoint') return values.every(fails);
  return fails(mean(values));
}

describe('limitLines, action by action', () => {
  describe.each(limitScenarios().map((s) => [s.name, s] as const))('%s', (_, scenario) => {
    const { failing, passing, side } = scenario;
    const lineOf = (unit: ScenarioUnit) => {
      const lines = limitLines(unit.step, unit);
      expect(lines).toHaveLength(1);
      expect(lines[0]!.limit).toBe(side);
      return lines[0]!;
    };

    it('fails the failing unit and passes the passing one by the domain’s own measurement', () => {
      expect(failing.step.result).toBe(0);
      expect(passing.step.result).toBe(1);
    });

    it('draws the line where the failing unit’s trace crosses onto the failing side, within the step’s range', () => {
      const line = lineOf(failing);
      const { startFreq_MHz = SWEEP_MHZ.start, stopFreq_MHz = SWEEP_MHZ.stop } = failing.step.plot;
      expect(line.fromMHz).toBeGreaterThanOrEqual(startFreq_MHz - 1e-6);
      expect(line.toMHz).toBeLessThanOrEqual(stopFreq_MHz + 1e-6);
      expect(under(failing, line).length).toBeGreaterThan(0);
      expect(under(failing, line).some(beyond(line))).toBe(true);
      expect(breaks(failing, line)).toBe(true);
    });

    it('leaves the passing unit’s trace on the passing side', () => {
      expect(breaks(passing, lineOf(passing))).toBe(false);
    });
  });

  it('covers every action of the catalogue: a line for each traced, limited action, none for the others', () => {
    const covered = new Set(limitScenarios().map((s) => s.row.actionId));
    for (const action of ACTIONS) {
      const row = limitRowOf(action.id);
      expect(covered.has(action.id)).toBe(row !== undefined && row.statistic !== 'none');
    }
  });
});
