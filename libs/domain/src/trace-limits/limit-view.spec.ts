import { ActionId } from '../catalogue/catalogue';
import { initialView, limitLines, tracePlotOf } from './limit-lines';

const freqs_MHz = Array.from({ length: 901 }, (_, i) => 100 + i);
/** NEW-025 of the issue: about −1.5 dB of |S21| in the 500-700 MHz band, −30 dB outside. */
const s21 = {
  freqs_MHz,
  values: freqs_MHz.map((f) => (f >= 500 && f <= 700 ? -1.5 - (f === 600 ? 0.04 : 0) : -30)),
};
const ilMax = (plot = { actionId: ActionId.InsertionLossMax, startFreq_MHz: 500, stopFreq_MHz: 700 }) => ({
  plot,
  lower: 0.2,
  upper: 1.2,
  unit: 'dB',
});

describe('limitLines', () => {
  it('draws an insertion-loss limit of 1.2 dB at −1.2 dB of |S21|, over the step’s band, failing below', () => {
    expect(limitLines(ilMax(), s21)).toEqual([
      {
        limit: 'lower',
        yValue: -0.2,
        fromMHz: 500,
        toMHz: 700,
        failSide: 'above',
        rule: 'somePoint',
        label: 'Insertion loss ≥ 0.2 dB',
      },
      {
        limit: 'upper',
        yValue: -1.2,
        fromMHz: 500,
        toMHz: 700,
        failSide: 'below',
        rule: 'everyPoint',
        label: 'Insertion loss ≤ 1.2 dB',
      },
    ]);
  });

  it('draws a text limit as no line', () => {
    expect(limitLines({ ...ilMax(), lower: 'n/a', upper: null }, s21)).toEqual([]);
  });

  it('draws no line for an action that leaves no trace, or an alignment (its lines are in the test)', () => {
    expect(limitLines({ ...ilMax(), plot: { actionId: ActionId.Diff } }, s21)).toEqual([]);
    expect(limitLines({ ...ilMax(), plot: { actionId: ActionId.Align } }, s21)).toEqual([]);
  });

  it('draws no line for a relative step whose reference was not recorded', () => {
    expect(
      limitLines(
        { ...ilMax(), plot: { actionId: ActionId.Rejection, startFreq_MHz: 500, stopFreq_MHz: 700 } },
        s21,
      ),
    ).toEqual([]);
  });

  it('spans the whole trace when the step names no band (PIM)', () => {
    const [line] = limitLines(
      { plot: { actionId: ActionId.PimSweptTone }, lower: null, upper: -150, unit: 'dBc' },
      s21,
    );
    expect(line).toMatchObject({
      fromMHz: 100,
      toMHz: 1000,
      yValue: -150,
      failSide: 'above',
      label: 'PIM ≤ -150 dBc',
    });
  });

  it('names the window of a Cross xMHz limit', () => {
    const plot = {
      actionId: ActionId.GainVariationCross,
      startFreq_MHz: 500,
      stopFreq_MHz: 700,
      spanFreq_MHz: 20,
    };
    expect(limitLines({ plot, lower: null, upper: 0.5, unit: 'dB' }, s21)[0]?.label).toBe(
      'Gain variation in any 20 MHz ≤ 0.5 dB',
    );
  });

  it('prints limits that differ in the sixth digit apart', () => {
    const labels = limitLines({ ...ilMax(), lower: 1.00001, upper: 1.00002 }, s21).map((l) => l.label);
    expect(labels).toEqual(['Insertion loss ≥ 1.00001 dB', 'Insertion loss ≤ 1.00002 dB']);
  });
});

describe('initialView', () => {
  it('frames the step’s band with a tenth of it each side, scaled to the trace there and the lines', () => {
    const view = initialView(ilMax(), s21)!;
    expect(view.xMin).toBe(480);
    expect(view.xMax).toBe(720);
    // the −30 dB outside the band shows at 480-499 and 701-720, so it is in view
    expect(view.yMin).toBeCloseTo(-30 - 2.98);
    expect(view.yMax).toBeCloseTo(-0.2 + 2.98);
  });

  it('keeps the view inside the trace', () => {
    const view = initialView(
      { ...ilMax(), plot: { actionId: ActionId.InsertionLossMax, startFreq_MHz: 100, stopFreq_MHz: 1000 } },
      s21,
    )!;
    expect([view.xMin, view.xMax]).toEqual([100, 1000]);
  });

  it('frames a Phase step’s one frequency with a tenth of the sweep each side', () => {
    const phase = { freqs_MHz, values: freqs_MHz.map(() => 10) };
    const step = {
      plot: { actionId: ActionId.Phase, startFreq_MHz: 600, stopFreq_MHz: 600 },
      lower: null,
      upper: null,
      unit: 'deg',
    };
    expect(initialView(step, phase)).toEqual({ xMin: 510, xMax: 690, yMin: 9, yMax: 11 });
  });

  it('has no view for an action that leaves no trace, nor for an empty trace', () => {
    expect(initialView({ ...ilMax(), plot: { actionId: ActionId.Prompt } }, s21)).toBeUndefined();
    expect(tracePlotOf(ilMax(), { freqs_MHz: [], values: [] })).toBeUndefined();
  });
});
