/**
 * The Touchstone option line, '# <unit> <parameter> <format> R <z0>', and the number pairs of
 * each format. Fields may come in any order and any case; missing ones default to
 * '# GHz S MA R 50' (Touchstone 1.1 and 2.0; INSTRUMENTS.md section 5).
 */
import type { FrequencyUnit, NetworkParameter, TouchstoneFormat } from './touchstone.types';
import { FREQUENCY_UNITS } from './touchstone.types';
import { TraceError } from './trace-error';

export interface OptionLine {
  freqUnit: FrequencyUnit;
  parameter: NetworkParameter;
  format: TouchstoneFormat;
  z0: number;
}

const UNITS = new Map(Object.keys(FREQUENCY_UNITS).map((u) => [u.toUpperCase(), u as FrequencyUnit]));
const PARAMETERS: readonly NetworkParameter[] = ['S', 'Y', 'Z', 'G', 'H'];
const FORMATS: readonly TouchstoneFormat[] = ['RI', 'MA', 'DB'];

export function parseOptionLine(line: string, lineNo: number): OptionLine {
  const options: OptionLine = { freqUnit: 'GHz', parameter: 'S', format: 'MA', z0: 50 };
  const tokens = line.replace(/^#/, '').trim().split(/\s+/).filter(Boolean);
  for (let i = 0; i < tokens.length; i++) {
    const token = (tokens[i] as string).toUpperCase();
    const unit = UNITS.get(token);
    if (unit) options.freqUnit = unit;
    else if (PARAMETERS.includes(token as NetworkParameter)) options.parameter = token as NetworkParameter;
    else if (FORMATS.includes(token as TouchstoneFormat)) options.format = token as TouchstoneFormat;
    else if (token === 'R' && i + 1 < tokens.length) options.z0 = Number(tokens[++i]);
    else throw new TraceError('touchstone', `Line ${lineNo}: '${tokens[i]}' is not an option line field`);
  }
  if (!(options.z0 > 0))
    throw new TraceError('touchstone', `Line ${lineNo}: the reference impedance must be positive`);
  return options;
}

export function formatOptionLine(o: OptionLine, z0Text: string): string {
  return `# ${o.freqUnit} ${o.parameter} ${o.format} R ${z0Text}`;
}

/** A stored pair as real and imaginary parts; angles in degrees. */
export function pairToComplex(format: TouchstoneFormat, a: number, b: number): [number, number] {
  if (format === 'RI') return [a, b];
  const mag = format === 'MA' ? a : 10 ** (a / 20);
  const rad = (b * Math.PI) / 180;
  return [mag * Math.cos(rad), mag * Math.sin(rad)];
}

/** Below this a magnitude is written as MIN_DB: 20·log10(0) has no number. */
const TINY = 1e-30;
export const MIN_DB = -600;

export function complexToPair(format: TouchstoneFormat, re: number, im: number): [number, number] {
  if (format === 'RI') return [re, im];
  const mag = Math.hypot(re, im);
  const angle = (Math.atan2(im, re) * 180) / Math.PI;
  if (format === 'MA') return [mag, angle];
  return [mag < TINY ? MIN_DB : 20 * Math.log10(mag), angle];
}
