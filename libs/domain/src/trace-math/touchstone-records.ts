/**
 * Turns the numbers of a Touchstone data section into a network. A frequency point is one
 * frequency and the matrix's pairs; it starts on a new line and may continue over following
 * lines (3 and more ports: at most 4 pairs per line in version 1, but any split is read).
 * Stored orders: 1-port S11; 2-port S11 S21 S12 S22 (version 1, and '21_12'), or S11 S12 S21
 * S22 ('12_21'); 3+ ports row by row; 'Lower'/'Upper' matrices hold one triangle of a
 * symmetric network. In version 1, a 2-port frequency not above the previous one starts the
 * noise parameters, which are skipped.
 */
import type {
  ComplexValues,
  FrequencyUnit,
  MatrixFormat,
  TouchstoneFormat,
  TwoPortOrder,
} from './touchstone.types';
import { FREQUENCY_UNITS } from './touchstone.types';
import { pairToComplex } from './touchstone-options';
import { TraceError } from './trace-error';

export interface Layout {
  ports: number;
  version: 1 | 2;
  format: TouchstoneFormat;
  freqUnit: FrequencyUnit;
  twoPortOrder: TwoPortOrder;
  matrixFormat: MatrixFormat;
}

/** The (row, column) of each stored pair, in file order, 0-based. */
export function pairOrder(ports: number, order: TwoPortOrder, matrix: MatrixFormat): [number, number][] {
  if (ports === 2 && matrix === 'Full') {
    return order === '21_12'
      ? [
          [0, 0],
          [1, 0],
          [0, 1],
          [1, 1],
        ]
      : [
          [0, 0],
          [0, 1],
          [1, 0],
          [1, 1],
        ];
  }
  const cells: [number, number][] = [];
  for (let i = 0; i < ports; i++) {
    const from = matrix === 'Upper' ? i : 0;
    const to = matrix === 'Lower' ? i + 1 : ports;
    for (let j = from; j < to; j++) cells.push([i, j]);
  }
  return cells;
}

export interface Collected {
  freqs_Hz: number[];
  data: ComplexValues[][];
}

export function collector(layout: Layout) {
  const n = layout.ports;
  const cells = pairOrder(n, layout.twoPortOrder, layout.matrixFormat);
  const perPoint = 1 + 2 * cells.length;
  const scale = FREQUENCY_UNITS[layout.freqUnit];
  const data: ComplexValues[][] = Array.from({ length: n }, () =>
    Array.from({ length: n }, () => ({ re: [], im: [] })),
  );
  const freqs_Hz: number[] = [];
  const point: number[] = [];
  let startLine = 0;
  let noise = false;

  function store(): void {
    for (let c = 0; c < cells.length; c++) {
      const [i, j] = cells[c] as [number, number];
      const [re, im] = pairToComplex(layout.format, point[1 + 2 * c] as number, point[2 + 2 * c] as number);
      for (const [r, k] of i === j || layout.matrixFormat === 'Full'
        ? [[i, j]]
        : [
            [i, j],
            [j, i],
          ]) {
        const cell = (data[r as number] as ComplexValues[])[k as number] as ComplexValues;
        cell.re.push(re);
        cell.im.push(im);
      }
    }
    point.length = 0;
  }

  /** A frequency point's first number: its frequency, which must ascend. */
  function begin(value: number, lineNo: number): boolean {
    const f = value * scale;
    const last = freqs_Hz[freqs_Hz.length - 1];
    if (last !== undefined && f <= last) {
      if (n === 2 && layout.version === 1) return false;
      throw new TraceError('touchstone', `Line ${lineNo}: frequency ${value} is not above the previous one`);
    }
    freqs_Hz.push(f);
    startLine = lineNo;
    return true;
  }

  function push(tokens: readonly number[], lineNo: number): void {
    for (const t of tokens) {
      if (noise) return;
      if (point.length === 0 && !begin(t, lineNo)) {
        noise = true;
        return;
      }
      point.push(t);
      if (point.length === perPoint) store();
    }
  }

  function finish(): Collected {
    if (point.length > 0) {
      throw new TraceError(
        'touchstone',
        `Line ${startLine}: the frequency point has ${point.length} numbers, a ${n}-port needs ${perPoint}`,
      );
    }
    return { freqs_Hz, data };
  }

  return { push, finish };
}
