/**
 * What every action's trace shows and where its limits go on it (docs/measurements.md, "Limit
 * lines"). A trace is drawn as the analyzer displays it (|S21| in dB, SWR, group delay in ns,
 * phase in degrees), while a step's limits are on the quantity its action names (insertion loss
 * is −|S21| dB, rejection is Ref − |S21| dB). Each row says how to carry a limit across:
 * plotted = offset + sign·limit, with offset the depending step's reference for relative actions
 * and 0 otherwise, so an insertion-loss limit of 1.2 dB is a line at −1.2 dB.
 */
import { ActionId } from '../catalogue/catalogue';

/** The analyzer format a trace is drawn in. */
export type PlottedFormat = 'logMag' | 'swr' | 'groupDelay' | 'phase' | 'pim' | 'alignment';

/**
 * How a step's value is taken from its band, which says how far a limit holds (trace-math):
 * at every point, for the largest or smallest point, the average, the peak-to-peak variation
 * (over the band or its worst window), at one frequency, or no limits at all (Align).
 */
export type LimitStatistic =
  'everyPoint' | 'max' | 'min' | 'average' | 'variation' | 'crossVariation' | 'atFrequency' | 'none';

export interface LimitRow {
  actionId: ActionId;
  /** What the limits are on, as a label starts: 'Insertion loss'. */
  quantity: string;
  /** The trace as drawn: '|S21|'. */
  plotted: string;
  format: PlottedFormat;
  /** The plotted axis' unit; undefined: the step result's own (PIM in dBm or dBc, Align). */
  unit?: string;
  /** plotted = offset + sign·quantity. */
  sign: 1 | -1;
  /** The offset is the reference level of the depending step (Rejection, Coupler). */
  relative: boolean;
  statistic: LimitStatistic;
}

type RowShape = Omit<LimitRow, 'actionId' | 'quantity'>;

const logMag = (plotted: string, sign: 1 | -1, statistic: LimitStatistic, relative = false): RowShape => ({
  plotted,
  format: 'logMag',
  unit: 'dB',
  sign,
  relative,
  statistic,
});
const delay = (statistic: LimitStatistic): RowShape => ({
  plotted: 'Group delay',
  format: 'groupDelay',
  unit: 'ns',
  sign: 1,
  relative: false,
  statistic,
});
const phase = (statistic: LimitStatistic): RowShape => ({
  plotted: 'Phase',
  format: 'phase',
  unit: 'deg',
  sign: 1,
  relative: false,
  statistic,
});
const pim: RowShape = { plotted: 'PIM', format: 'pim', sign: 1, relative: false, statistic: 'max' };

const row = (actionId: ActionId, quantity: string, shape: RowShape): LimitRow => ({
  actionId,
  quantity,
  ...shape,
});

/** Every action that leaves a trace; Prompt, Diff, Save SnP and the other actions leave none. */
export const LIMIT_TABLE: readonly LimitRow[] = [
  row(ActionId.Align, 'Alignment', {
    ...logMag('Alignment trace', 1, 'none'),
    format: 'alignment',
    unit: undefined,
  }),
  row(ActionId.InsertionLossMax, 'Insertion loss', logMag('|S21|', -1, 'max')),
  row(ActionId.InsertionLossMin, 'Insertion loss', logMag('|S21|', -1, 'min')),
  row(ActionId.InsertionLossVariation, 'Insertion loss variation', logMag('|S21|', -1, 'variation')),
  row(
    ActionId.InsertionLossVariationCross,
    'Insertion loss variation',
    logMag('|S21|', -1, 'crossVariation'),
  ),
  row(ActionId.InsertionLossAverage, 'Average insertion loss', logMag('|S21|', -1, 'average')),
  row(ActionId.Cable, 'Transmission', logMag('|S21|', 1, 'everyPoint')),
  row(ActionId.ReturnLoss, 'Return loss', logMag('|S11|', -1, 'everyPoint')),
  row(ActionId.Swr, 'SWR', { ...logMag('SWR', 1, 'everyPoint'), format: 'swr', unit: '' }),
  row(ActionId.Attenuation, 'Attenuation', logMag('|S21|', -1, 'everyPoint')),
  row(ActionId.Isolation, 'Isolation', logMag('|S21|', -1, 'everyPoint')),
  row(ActionId.Rejection, 'Rejection', logMag('|S21|', -1, 'everyPoint', true)),
  row(ActionId.GainMax, 'Gain', logMag('|S21|', 1, 'max')),
  row(ActionId.GainMin, 'Gain', logMag('|S21|', 1, 'min')),
  row(ActionId.GainVariation, 'Gain variation', logMag('|S21|', 1, 'variation')),
  row(ActionId.GainVariationCross, 'Gain variation', logMag('|S21|', 1, 'crossVariation')),
  row(ActionId.GainAverage, 'Average gain', logMag('|S21|', 1, 'average')),
  row(ActionId.CouplerMax, 'Coupling', logMag('|S31|', -1, 'max', true)),
  row(ActionId.CouplerMin, 'Coupling', logMag('|S31|', -1, 'min', true)),
  row(ActionId.CouplerVariation, 'Coupling variation', logMag('|S31|', -1, 'variation', true)),
  row(ActionId.GroupDelay, 'Group delay', delay('everyPoint')),
  row(ActionId.GroupDelayVariation, 'Group delay variation', delay('variation')),
  row(ActionId.GroupDelayVariationCross, 'Group delay variation', delay('crossVariation')),
  row(ActionId.Phase, 'Phase', phase('atFrequency')),
  row(ActionId.PhaseMax, 'Phase', phase('max')),
  row(ActionId.PhaseMin, 'Phase', phase('min')),
  row(ActionId.PimFixedTone, 'PIM', pim),
  row(ActionId.PimSweptTone, 'PIM', pim),
];

const rowsById = new Map(LIMIT_TABLE.map((r) => [r.actionId as number, r]));

/** The row of an action; undefined for an action that leaves no trace (or an unknown id). */
export function limitRowOf(actionId: number): LimitRow | undefined {
  return rowsById.get(actionId);
}
