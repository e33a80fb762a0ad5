/**
 * A network as Touchstone files carry it (INSTRUMENTS.md section 5): an n-port's parameter
 * matrix per frequency. data[i][j] holds parameter (i+1)(j+1) over all frequencies, so
 * data[1][0] is S21, whatever order the file stored it in.
 */
import type { ComplexTrace } from './trace';

export type TouchstoneFormat = 'RI' | 'MA' | 'DB';
export type FrequencyUnit = 'Hz' | 'kHz' | 'MHz' | 'GHz';
export type NetworkParameter = 'S' | 'Y' | 'Z' | 'G' | 'H';
/** Version 2 two-port order: '12_21' stores S11 S12 S21 S22; '21_12' (and every v1 file) S11 S21 S12 S22. */
export type TwoPortOrder = '12_21' | '21_12';
export type MatrixFormat = 'Full' | 'Lower' | 'Upper';

export const FREQUENCY_UNITS: Readonly<Record<FrequencyUnit, number>> = {
  Hz: 1,
  kHz: 1e3,
  MHz: 1e6,
  GHz: 1e9,
};

export interface ComplexValues {
  re: number[];
  im: number[];
}

export interface Network {
  ports: number;
  freqs_Hz: number[];
  data: ComplexValues[][];
  parameter: NetworkParameter;
  /** Reference impedance of each port, Ω. */
  z0: number[];
  /** Comment text of the file, without the leading '!'. */
  comments: string[];
}

/** What the option line and keywords of a file said, so it can be written back alike. */
export interface TouchstoneFile {
  network: Network;
  version: 1 | 2;
  format: TouchstoneFormat;
  freqUnit: FrequencyUnit;
  twoPortOrder: TwoPortOrder;
  matrixFormat: MatrixFormat;
}

/** One parameter of a network as a complex trace, e.g. networkTrace(net, 2, 1) for S21. */
export function networkTrace(net: Network, to: number, from: number): ComplexTrace {
  const values = net.data[to - 1]?.[from - 1];
  if (!values) throw new RangeError(`A ${net.ports}-port has no parameter ${to}${from}`);
  return { freqs_Hz: net.freqs_Hz, re: values.re, im: values.im };
}
