/**
 * Reads Touchstone 1.x (.s1p … .snp) and 2.0 files (INSTRUMENTS.md section 5). Comments ('!')
 * may stand anywhere, lines may end in CRLF, and only the first option line counts (as the
 * standard says). Version 2 keywords: [Version], [Number of Ports], [Two-Port Data Order],
 * [Number of Frequencies] (checked against the data), [Reference], [Matrix Format],
 * [Network Data], [Noise Data] (skipped), [Begin/End Information] (skipped), [End]. Mixed-mode
 * files are refused. A version 1 file does not say its port count: pass `ports` or the file name.
 */
import type { Layout } from './touchstone-records';
import { collector } from './touchstone-records';
import type { OptionLine } from './touchstone-options';
import { parseOptionLine } from './touchstone-options';
import type { MatrixFormat, TouchstoneFile, TwoPortOrder } from './touchstone.types';
import { TraceError } from './trace-error';

export interface ReadOptions {
  /** Port count of a version 1 file; otherwise taken from `fileName` (.s2p → 2). */
  ports?: number;
  fileName?: string;
}

interface State {
  version: 1 | 2;
  options?: OptionLine;
  ports?: number;
  twoPortOrder?: TwoPortOrder;
  frequencies?: number;
  reference?: number[];
  matrixFormat: MatrixFormat;
  /** v2: inside [Network Data]; 'done' after [Noise Data] or [End]. */
  section: 'header' | 'data' | 'info' | 'done';
  collect?: ReturnType<typeof collector>;
}

const fail = (lineNo: number, msg: string): never => {
  throw new TraceError('touchstone', `Line ${lineNo}: ${msg}`);
};

function numbers(text: string, lineNo: number): number[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => {
      const v = Number(t);
      return Number.isFinite(v) ? v : fail(lineNo, `'${t}' is not a number`);
    });
}

function portsFromName(fileName: string | undefined): number | undefined {
  const m = fileName?.match(/\.s(\d+)p$/i);
  return m ? Number(m[1]) : undefined;
}

function keyword(s: State, body: string, lineNo: number): void {
  const m = body.match(/^\[([^\]]+)\]\s*(.*)$/);
  if (!m) return fail(lineNo, `'${body}' is not a keyword`);
  const name = (m[1] as string).trim().toLowerCase().replace(/\s+/g, ' ');
  const value = (m[2] as string).trim();
  const count = () => {
    const v = Number(value);
    return Number.isInteger(v) && v > 0 ? v : fail(lineNo, `[${m[1]}] needs a positive whole number`);
  };
  switch (name) {
    case 'version':
      if (!value.startsWith('2')) fail(lineNo, `version ${value} is not supported (1.x and 2.0 are)`);
      s.version = 2;
      return;
    case 'number of ports':
      s.ports = count();
      return;
    case 'two-port data order':
      if (value !== '12_21' && value !== '21_12') fail(lineNo, `[Two-Port Data Order] is 12_21 or 21_12`);
      s.twoPortOrder = value as TwoPortOrder;
      return;
    case 'number of frequencies':
      s.frequencies = count();
      return;
    case 'reference':
      s.reference = numbers(value, lineNo);
      return;
    case 'matrix format': {
      const f = ['Full', 'Lower', 'Upper'].find((x) => x.toLowerCase() === value.toLowerCase());
      s.matrixFormat =
        (f as MatrixFormat | undefined) ?? fail(lineNo, `[Matrix Format] is Full, Lower or Upper`);
      return;
    }
    case 'network data':
      s.section = 'data';
      return;
    case 'begin information':
      s.section = 'info';
      return;
    case 'noise data':
    case 'end':
      s.section = 'done';
      return;
    case 'number of noise frequencies':
      return;
    default:
      fail(lineNo, `[${m[1]}] is not supported`);
  }
}

function layoutOf(s: State, read: ReadOptions, lineNo: number): Layout {
  const ports = s.version === 2 ? s.ports : (read.ports ?? portsFromName(read.fileName));
  if (!ports) {
    return fail(
      lineNo,
      s.version === 2
        ? '[Number of Ports] must come before the data'
        : 'the port count is unknown: give the file name (.s2p) or the ports',
    );
  }
  if (s.version === 2 && ports === 2 && !s.twoPortOrder) fail(lineNo, 'a 2-port needs [Two-Port Data Order]');
  const o = s.options ?? fail(lineNo, 'data comes before the option line');
  return {
    ports,
    version: s.version,
    format: o.format,
    freqUnit: o.freqUnit,
    twoPortOrder: s.twoPortOrder ?? '21_12',
    matrixFormat: s.matrixFormat,
  };
}

function line(s: State, raw: string, lineNo: number, read: ReadOptions, comments: string[]): void {
  const bang = raw.indexOf('!');
  const body = (bang >= 0 ? raw.slice(0, bang) : raw).trim();
  if (bang >= 0 && raw.slice(bang + 1).trim()) comments.push(raw.slice(bang + 1).trim());
  if (!body || s.section === 'done') return;
  if (s.section === 'info') {
    if (/^\[end information\]/i.test(body)) s.section = 'header';
    return;
  }
  if (body.startsWith('[')) return keyword(s, body, lineNo);
  if (body.startsWith('#')) {
    s.options ??= parseOptionLine(body, lineNo);
    return;
  }
  if (s.version === 2 && s.section !== 'data') {
    // [Reference] may continue on the next lines
    if (s.reference && s.ports && s.reference.length < s.ports)
      return void s.reference.push(...numbers(body, lineNo));
    return fail(lineNo, 'data outside [Network Data]');
  }
  s.collect ??= collector(layoutOf(s, read, lineNo));
  s.collect.push(numbers(body, lineNo), lineNo);
}

export function readTouchstone(text: string, read: ReadOptions = {}): TouchstoneFile {
  const s: State = { version: 1, matrixFormat: 'Full', section: 'header' };
  const comments: string[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, i) => line(s, raw, i + 1, read, comments));
  if (!s.collect) throw new TraceError('touchstone', 'The file holds no network data');
  const { freqs_Hz, data } = s.collect.finish();
  if (s.frequencies !== undefined && s.frequencies !== freqs_Hz.length) {
    throw new TraceError(
      'touchstone',
      `[Number of Frequencies] says ${s.frequencies}, the data has ${freqs_Hz.length}`,
    );
  }
  const o = s.options as OptionLine;
  const ports = data.length;
  const z0 = s.reference && s.reference.length > 0 ? s.reference : [o.z0];
  return {
    network: {
      ports,
      freqs_Hz,
      data,
      parameter: o.parameter,
      z0: Array.from({ length: ports }, (_, i) => z0[Math.min(i, z0.length - 1)] as number),
      comments,
    },
    version: s.version,
    format: o.format,
    freqUnit: o.freqUnit,
    twoPortOrder: s.twoPortOrder ?? '21_12',
    matrixFormat: s.matrixFormat,
  };
}
