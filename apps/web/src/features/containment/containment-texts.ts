import {
  instrumentName,
  ORIGIN_LIMITS,
  type CalibrationRecord,
  type ContainmentUnit,
  type InstrumentRow,
} from '@sweepline/domain';
import { countText, localDateTime } from '@sweepline/ui';
import { calibrationKindText, portsText } from '../instruments/calibration-format';
import type { ContainmentFilters } from './containment-filters';

const count = (n: number, one: string, many: string) => `${countText(n)} ${n === 1 ? one : many}`;

export const unitCount = (n: number) => count(n, 'unit', 'units');

/** The results' count line: '12 units, 30 runs'. */
export const countLine = (units: number, runs: number) =>
  `${unitCount(units)}, ${count(runs, 'run', 'runs')}`;

const limit = countText(ORIGIN_LIMITS.containmentRuns);

export const CONTAINMENT_TEXTS = {
  intro:
    'Which units an instrument, a calibration, a station or an operator measured in a range of days, ' +
    'with each unit’s stage now. Send the ones in doubt back to a stage to be tested again.',
  truncated: `More than ${limit} runs matched: the first ${limit} are listed. Narrow the range, or download the CSV, which has them all.`,
  searchFailed: 'Containment could not be searched',
  retestFailed: 'The units were not sent back',
  /** The selection spans products: each product has its own stages. */
  oneProduct: (products: string[]) =>
    `The chosen units are of ${products.length} products (${products.join(', ')}): send back one product at a time.`,
  noStages: (product: string) => `${product} has no tests, so no stage to send units back to.`,
  confirm: (units: number, product: string, stageNo: number) =>
    `Send ${unitCount(units)} of ${product} back to stage ${stageNo} for retest? ${units === 1 ? 'It starts' : 'Each starts'} that stage again, and its stage history records it.`,
  sent: (moved: number, stageNo: number) => `${unitCount(moved)} sent back to stage ${stageNo} for retest.`,
  selected: (chosen: number, of: number) => `${chosen} of ${unitCount(of)} chosen`,
};

/** A unit's stage now: 'Stage 2', or 'Finished' after its last stage. */
export function statusNow(unit: Pick<ContainmentUnit, 'stageNo' | 'finished'>): string {
  if (unit.finished) return 'Finished';
  return unit.stageNo === null ? '—' : `Stage ${unit.stageNo}`;
}

/** An instrument as the picker lists it: model and serial number. */
export const instrumentOption = (i: Pick<InstrumentRow, 'model' | 'serial'>) => `${i.model}, ${i.serial}`;

/** A calibration as the picker lists it: '#12, ECal, module N4691-7, Ports 1-2, 2026-11-20 08:00:00 by Olive'. */
export function calibrationOption(c: CalibrationRecord): string {
  return `#${c.id}, ${calibrationKindText(c)}, ${portsText(c.ports)}, ${localDateTime(c.madeAt)} by ${c.madeBy}`;
}

/**
 * What was searched, for the empty result: 'No unit was measured with Keysight E5071C, serial
 * number MY1, using calibration #12, on station LAB-3, by operator Olive, from 2026-09-01 to
 * 2026-11-29.'
 */
export function noUnitsText(filters: ContainmentFilters, instruments: InstrumentRow[] | undefined): string {
  const instrument = instruments?.find((i) => i.id === filters.instrumentId);
  const parts = [
    filters.instrumentId !== undefined &&
      `with ${instrument ? instrumentName(instrument) : `instrument #${filters.instrumentId}`}`,
    filters.calibrationId !== undefined && `using calibration #${filters.calibrationId}`,
    filters.station !== undefined && `on station ${filters.station}`,
    filters.operator !== undefined && `by operator ${filters.operator}`,
    `from ${filters.from} to ${filters.to}`,
  ].filter(Boolean);
  return `No unit was measured ${parts.join(', ')}.`;
}
