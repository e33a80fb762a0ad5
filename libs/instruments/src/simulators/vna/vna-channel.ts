/**
 * A simulated network analyzer's channels as data: their stimulus, their traces with formats and
 * gates, and the calibration being collected on them. The state (vna-state.ts) holds them, and
 * the measuring, gating and calibration files read and change them, so none of those files needs
 * another to describe a channel.
 */
export type VnaFormat = 'MLOG' | 'PHAS' | 'UPH' | 'GDEL' | 'SWR';
export const VNA_FORMATS = ['MLOGarithmic', 'PHASe', 'UPHase', 'GDELay', 'SWR'] as const;

export interface SimGate {
  on: boolean;
  startS: number;
  stopS: number;
  type: 'BPAS' | 'NOTC';
  /** The family's own shape name (Keysight MIN…MAX, R&S RECT…DCH), kept as sent. */
  shape: string;
}

export interface SimTrace {
  readonly name: string;
  /** Measurement number: per channel on the ENA, global on the PNA (MNUM) and ZNB. */
  readonly number: number;
  out: number;
  into: number;
  format: VnaFormat;
  smoothing: boolean;
  aperturePct: number;
  gate: SimGate;
  markers: Map<number, { on: boolean; xHz: number }>;
  /** Complex data of the last sweep, interleaved re/im. */
  data: Float64Array | undefined;
}

export interface SimChannel {
  readonly number: number;
  startHz: number;
  stopHz: number;
  points: number;
  ifbwHz: number;
  powerDbm: number;
  averaging: boolean;
  averages: number;
  /** Sweeps per single trigger (ZNB SENS:SWE:COUN). */
  sweepCount: number;
  continuous: boolean;
  traces: SimTrace[];
  /** Index into traces of the selected (active) trace. */
  active: number;
  corrected: boolean;
  collection: CalCollection | undefined;
}

/** A calibration being collected on a channel: the standards its method needs and those measured so far. */
export interface CalCollection {
  readonly ports: readonly number[];
  /** Keys such as `OPEN 1`, `THRU 1,2`, in the order a guided calibration asks for them. */
  readonly needed: readonly string[];
  readonly done: Set<string>;
}
