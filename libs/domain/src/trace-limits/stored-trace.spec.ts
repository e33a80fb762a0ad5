import { ActionId } from '../catalogue/catalogue';
import { limitRowOf } from './limit-table';
import { plottedTrace } from './plotted-trace';
import { storedTrace } from './stored-trace';

const freqs_MHz = Array.from({ length: 201 }, (_, i) => 500 + i);
const along = (f: (x: number) => number) => freqs_MHz.map((_, i) => f(i / 200));
const row = (id: ActionId) => limitRowOf(id)!;
const roundTrip = (id: ActionId, q: number[], ref_dB?: number) =>
  plottedTrace(
    row(id),
    { actionId: id, ref_dB },
    { freqs_MHz, values: storedTrace(row(id), freqs_MHz, q, ref_dB) },
  ).values;

describe('storedTrace (a quantity as the analyzer hands its trace over)', () => {
  it('stores insertion loss as |S21|: 1.37 dB of loss is −1.37 dB, below a 1.2 dB limit’s −1.2 dB line', () => {
    expect(storedTrace(row(ActionId.InsertionLossMax), [600], [1.37])).toEqual([-1.37]);
    expect(storedTrace(row(ActionId.ReturnLoss), [600], [23])).toEqual([-23]);
  });

  it('keeps gain and transmission as they are, and a rejection below its reference', () => {
    expect(storedTrace(row(ActionId.GainMax), [600], [-0.2])).toEqual([-0.2]);
    expect(storedTrace(row(ActionId.Cable), [600], [-3])).toEqual([-3]);
    expect(storedTrace(row(ActionId.Rejection), [600], [40], -1)).toEqual([-41]);
    expect(storedTrace(row(ActionId.Rejection), [600], [40])).toEqual([-40]);
  });

  it('is undone by plottedTrace for every format: SWR, group delay, phase, PIM, |S|', () => {
    const swr = along((x) => 1.2 + 0.1 * Math.sin(9 * x));
    roundTrip(ActionId.Swr, swr).forEach((v, i) => expect(v).toBeCloseTo(swr[i]!, 9));
    const ns = along((x) => 5 + Math.sin(7 * x));
    // the centred aperture averages two neighbours: exact to the ripple's curvature
    roundTrip(ActionId.GroupDelay, ns)
      .slice(1, -1)
      .forEach((v, i) => expect(v).toBeCloseTo(ns[i + 1]!, 3));
    const deg = along((x) => 170 * Math.sin(5 * x));
    roundTrip(ActionId.PhaseMax, deg).forEach((v, i) => expect(v).toBeCloseTo(deg[i]!, 9));
    const pim = along(() => -150);
    expect(roundTrip(ActionId.PimSweptTone, pim)).toEqual(pim);
    const il = along((x) => 1 + x);
    roundTrip(ActionId.InsertionLossMax, il).forEach((v, i) => expect(v).toBeCloseTo(-il[i]!, 12));
  });

  it('stores a delay of several periods as a wrapped phase, as analyzers display it', () => {
    const stored = storedTrace(
      row(ActionId.GroupDelay),
      freqs_MHz,
      along(() => 20),
    );
    expect(stored.every((v) => v > -180 && v <= 180)).toBe(true);
  });
});
