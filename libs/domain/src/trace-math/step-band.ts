/** The checked trace and band of a general NA step (startFreq_MHz..stopFreq_MHz). */
import type { GeneralNaParam } from '../params/params.types';
import type { IndexRange } from './band';
import { bandRange } from './band';
import type { StepLimits } from './judge';
import { TraceError } from './trace-error';
import type { FormattedTrace } from './trace';
import { checkTrace, paramHz } from './trace';

export type BandParam = Pick<GeneralNaParam, 'startFreq_MHz' | 'stopFreq_MHz'>;

/** What a band measurement reads from its step: the band and the limits. */
export type BandLimits = BandParam & StepLimits;

/** A Cross xMHz measurement also reads its window width. */
export type CrossParam = BandLimits & Pick<GeneralNaParam, 'spanFreq_MHz'>;

export function stepBand(trace: FormattedTrace, param: BandParam): IndexRange {
  checkTrace(trace);
  return bandRange(
    trace.freqs_Hz,
    paramHz(param.startFreq_MHz, 'Start frequency'),
    paramHz(param.stopFreq_MHz, 'Stop frequency'),
  );
}

/** The window of a Cross xMHz action, in Hz; it must be wider than 0. */
export function spanHz(param: Pick<GeneralNaParam, 'spanFreq_MHz'>): number {
  const span = paramHz(param.spanFreq_MHz, 'Span (Cross xMHz window)');
  if (span <= 0) throw new TraceError('param', 'Span (Cross xMHz window) must be greater than 0');
  return span;
}
