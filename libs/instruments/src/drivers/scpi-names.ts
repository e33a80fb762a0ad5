import type { GatingShape, GatingType } from '@sweepline/domain';
import type { TraceFormat } from './network-analyzer';

/** The display-format mnemonics, alike on all three families (INSTRUMENTS.md section 2, "Format"). */
export const FORMAT_MNEMONIC: Readonly<Record<TraceFormat, string>> = {
  logMag: 'MLOG',
  phase: 'PHAS',
  groupDelay: 'GDEL',
  swr: 'SWR',
  unwrappedPhase: 'UPH',
};

export const GATE_TYPE_MNEMONIC: Readonly<Record<GatingType, string>> = { Bandpass: 'BPAS', Notch: 'NOTC' };

/** Keysight's four gate shapes, named as the step's gatingShape. */
export const KEYSIGHT_GATE_SHAPE: Readonly<Record<GatingShape, string>> = {
  Minimum: 'MIN',
  Normal: 'NORM',
  Wide: 'WIDE',
  Maximum: 'MAX',
};

/**
 * R&S gates take a window instead of a shape [P]: ordered by sidelobe level as Keysight's
 * shapes are (Rectangle 13 dB, Hamming 43 dB, Bohman, Dolph-Chebyshev; INSTRUMENTS.md section 4).
 */
export const RS_GATE_WINDOW: Readonly<Record<GatingShape, string>> = {
  Minimum: 'RECT',
  Normal: 'HAMM',
  Wide: 'BOHM',
  Maximum: 'DCH',
};

/** Numbers in commands: JavaScript's shortest exact text is valid SCPI (NR1/NR2/NR3). */
export function n(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  return String(value);
}

/** Our trace (PNA: measurement) names, unique across the instrument as the PNA and ZNB require. */
export function traceName(channel: number, trace: number): string {
  return `Sw${channel}_${trace}`;
}
