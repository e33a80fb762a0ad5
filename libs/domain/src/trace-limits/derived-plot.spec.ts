import type { StepResult } from '../api/results';
import { ActionId } from '../catalogue/catalogue';
import { withDerivedPlots } from './derived-plot';
import { limitLines } from './limit-lines';

const result = (title: string, over: Partial<StepResult> = {}): StepResult => ({
  title,
  isHeader: false,
  lower: null,
  upper: 1.2,
  value: 1.54,
  unit: 'dB',
  result: 0,
  ...over,
});
const band = { startFreq_MHz: 500, stopFreq_MHz: 700, title: '' };
const freqs_MHz = Array.from({ length: 901 }, (_, i) => 100 + i);
/** NEW-025: |S21| about −1.54 dB in 500-700 MHz, −30 dB outside. */
const s21 = { freqs_MHz, values: freqs_MHz.map((f) => (f >= 500 && f <= 700 ? -1.54 : -30)) };

describe('withDerivedPlots (runs stored without a StepPlot)', () => {
  it('gives an insertion-loss row its step’s band, so its limit is a line at −1.2 dB over 500-700 MHz', () => {
    const [derived] = withDerivedPlots(
      [result('IL')],
      [{ name: 'IL', actionId: ActionId.InsertionLossMax, param: band }],
    );
    expect(derived!.plot).toEqual({
      actionId: ActionId.InsertionLossMax,
      startFreq_MHz: 500,
      stopFreq_MHz: 700,
    });
    const [line] = limitLines({ ...derived!, plot: derived!.plot! }, s21);
    expect(line).toMatchObject({ yValue: -1.2, fromMHz: 500, toMHz: 700, failSide: 'below' });
    expect(
      s21.values.filter((_, i) => freqs_MHz[i]! >= 500 && freqs_MHz[i]! <= 700).every((v) => v < -1.2),
    ).toBe(true);
  });

  it('matches a row by the step’s own title before its name, and keeps a plot the runner recorded', () => {
    const recorded = { actionId: ActionId.InsertionLossMax, startFreq_MHz: 1, stopFreq_MHz: 2 };
    const steps = [
      { name: 'Step 1', actionId: ActionId.ReturnLoss, param: { ...band, title: 'S11 in band' } },
      { name: 'IL', actionId: ActionId.InsertionLossMax, param: band },
    ];
    const [rl, il] = withDerivedPlots([result('S11 in band'), result('IL', { plot: recorded })], steps);
    expect(rl!.plot).toEqual({ actionId: ActionId.ReturnLoss, startFreq_MHz: 500, stopFreq_MHz: 700 });
    expect(il!.plot).toBe(recorded);
  });

  it('gives a Cable step’s transmission row its plot, and its port rows none', () => {
    const rows = withDerivedPlots(
      [result('Cable port 1 RL'), result('Cable transmission')],
      [{ name: 'Cable', actionId: ActionId.Cable, param: band }],
    );
    expect(rows.map((r) => r.plot?.actionId)).toEqual([undefined, ActionId.Cable]);
  });

  it('gives a swept PIM its whole trace, and a Phase step its one frequency', () => {
    const rows = withDerivedPlots(
      [result('PIM', { unit: 'dBc' }), result('Phase', { unit: 'deg' })],
      [
        { name: 'PIM', actionId: ActionId.PimSweptTone, param: { title: '' } },
        { name: 'Phase', actionId: ActionId.Phase, param: { freq_MHz: 600, title: '' } },
      ],
    );
    expect(rows.map((r) => r.plot)).toEqual([
      { actionId: ActionId.PimSweptTone },
      { actionId: ActionId.Phase, startFreq_MHz: 600, stopFreq_MHz: 600 },
    ]);
  });

  it('derives none where the step alone cannot say where the line goes, so no line is drawn', () => {
    const rows = withDerivedPlots(
      [
        result('Rejection'),
        result('GD smoothed'),
        result('GD'),
        result('Twice'),
        result('Gone'),
        result('Head', { isHeader: true }),
      ],
      [
        // the reference of the depending step was known to the run alone
        { name: 'Rejection', actionId: ActionId.Rejection, param: band },
        // so was the aperture of a smoothed group delay
        { name: 'GD smoothed', actionId: ActionId.GroupDelay, param: { ...band, smooth: 5 } },
        { name: 'GD', actionId: ActionId.GroupDelay, param: { ...band, smooth: 0 } },
        { name: 'Twice', actionId: ActionId.GainMax, param: band },
        { name: 'Twice', actionId: ActionId.InsertionLossMax, param: band },
        { name: 'Head', actionId: ActionId.InsertionLossMax, param: band },
      ],
    );
    expect(rows.map((r) => r.plot?.actionId)).toEqual([
      undefined,
      undefined,
      ActionId.GroupDelay,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
