/**
 * Writes a network as a Touchstone file. Default as INSTRUMENTS.md section 5 proposes: version
 * 1, '# Hz S RI R 50' (the network's own parameter and reference), 9 significant digits
 * (C's %.9g). Version 1 2-ports keep the standard's S11 S21 S12 S22 order; 3 and more ports go
 * row by row, at most 4 pairs per line, continued on indented lines. Version 2 adds [Version]
 * 2.0, [Number of Ports], [Two-Port Data Order] (2-ports, default 12_21), [Number of
 * Frequencies], [Reference] (only when the ports' impedances differ), [Network Data] and [End].
 * Version 1 has one reference impedance for all ports; different ones need version 2.
 */
import { complexToPair, formatOptionLine } from './touchstone-options';
import { pairOrder } from './touchstone-records';
import type { FrequencyUnit, Network, TouchstoneFormat, TwoPortOrder } from './touchstone.types';
import { FREQUENCY_UNITS } from './touchstone.types';
import { TraceError } from './trace-error';

export interface WriteOptions {
  version?: 1 | 2;
  format?: TouchstoneFormat;
  freqUnit?: FrequencyUnit;
  /** Significant digits, 1-17; 17 writes every double exactly. */
  precision?: number;
  /** Version 2 2-ports only. */
  twoPortOrder?: TwoPortOrder;
}

const PAIRS_PER_LINE = 4;

/** %.{p}g without trailing zeros: the shortest text of the value rounded to p digits. */
function numberText(x: number, precision: number): string {
  return String(Number(x.toPrecision(precision)));
}

function check(net: Network, version: 1 | 2): void {
  const n = net.ports;
  if (!Number.isInteger(n) || n < 1)
    throw new TraceError('touchstone', `A network needs 1 or more ports, not ${n}`);
  if (net.data.length !== n || net.data.some((row) => row.length !== n)) {
    throw new TraceError('touchstone', `The data of a ${n}-port must be a ${n} × ${n} matrix`);
  }
  for (let i = 1; i < net.freqs_Hz.length; i++) {
    if (!((net.freqs_Hz[i] as number) > (net.freqs_Hz[i - 1] as number))) {
      throw new TraceError('touchstone', `Frequencies must be strictly increasing (index ${i})`);
    }
  }
  if (version === 1 && net.z0.some((z) => z !== net.z0[0])) {
    throw new TraceError('touchstone', 'Ports with different reference impedances need Touchstone version 2');
  }
}

/** The data lines of one frequency point. */
function pointLines(net: Network, k: number, cells: [number, number][], o: Required<WriteOptions>): string[] {
  const num = (x: number) => numberText(x, o.precision);
  const pairs = cells.map(([i, j]) => {
    const v = net.data[i]?.[j];
    const [a, b] = complexToPair(o.format, v?.re[k] as number, v?.im[k] as number);
    return `${num(a)} ${num(b)}`;
  });
  const f = num((net.freqs_Hz[k] as number) / FREQUENCY_UNITS[o.freqUnit]);
  if (net.ports <= 2) return [`${f} ${pairs.join(' ')}`];
  const lines: string[] = [];
  for (let i = 0; i < net.ports; i++) {
    const row = pairs.slice(i * net.ports, (i + 1) * net.ports);
    for (let c = 0; c < row.length; c += PAIRS_PER_LINE) {
      const chunk = row.slice(c, c + PAIRS_PER_LINE).join(' ');
      lines.push(i === 0 && c === 0 ? `${f} ${chunk}` : `  ${chunk}`);
    }
  }
  return lines;
}

export function writeTouchstone(net: Network, options: WriteOptions = {}): string {
  const o: Required<WriteOptions> = {
    version: options.version ?? 1,
    format: options.format ?? 'RI',
    freqUnit: options.freqUnit ?? 'Hz',
    precision: options.precision ?? 9,
    twoPortOrder: options.twoPortOrder ?? '12_21',
  };
  check(net, o.version);
  const order: TwoPortOrder = o.version === 1 ? '21_12' : o.twoPortOrder;
  const cells = pairOrder(net.ports, order, 'Full');
  const z0 = numberText(net.z0[0] ?? 50, o.precision);
  const option = formatOptionLine(
    { freqUnit: o.freqUnit, parameter: net.parameter, format: o.format, z0: 0 },
    z0,
  );
  const head = net.comments.flatMap((c) => c.split(/\r\n|\r|\n/)).map((c) => `! ${c}`);
  if (o.version === 2) {
    head.push('[Version] 2.0', option, `[Number of Ports] ${net.ports}`);
    if (net.ports === 2) head.push(`[Two-Port Data Order] ${order}`);
    head.push(`[Number of Frequencies] ${net.freqs_Hz.length}`);
    if (net.z0.some((z) => z !== net.z0[0]))
      head.push(`[Reference] ${net.z0.map((z) => numberText(z, o.precision)).join(' ')}`);
    head.push('[Network Data]');
  } else {
    head.push(option);
  }
  const body = net.freqs_Hz.flatMap((_, k) => pointLines(net, k, cells, o));
  const tail = o.version === 2 ? ['[End]'] : [];
  return [...head, ...body, ...tail].join('\n') + '\n';
}
