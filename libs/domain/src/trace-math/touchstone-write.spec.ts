import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readTouchstone } from './touchstone-read';
import type { WriteOptions } from './touchstone-write';
import { writeTouchstone } from './touchstone-write';
import type { FrequencyUnit, Network, TouchstoneFormat } from './touchstone.types';
import { MIN_DB } from './touchstone-options';

const DIR = join(__dirname, '../../fixtures/touchstone');
const FIXTURES = readdirSync(DIR).filter((f) => /\.s\dp$/i.test(f));

function network(
  ports: number,
  points: number,
  value: (i: number, j: number, k: number) => [number, number],
): Network {
  const cell = (i: number, j: number) => ({
    re: Array.from({ length: points }, (_, k) => value(i, j, k)[0]),
    im: Array.from({ length: points }, (_, k) => value(i, j, k)[1]),
  });
  return {
    ports,
    freqs_Hz: Array.from({ length: points }, (_, k) => 1e9 + k * 1e6),
    data: Array.from({ length: ports }, (_, i) => Array.from({ length: ports }, (_, j) => cell(i, j))),
    parameter: 'S',
    z0: Array.from({ length: ports }, () => 50),
    comments: [],
  };
}

/** Largest difference relative to the value (absolute below 1e-3). */
function difference(a: Network, b: Network): number {
  let worst = 0;
  a.freqs_Hz.forEach((f, k) => (worst = Math.max(worst, Math.abs(f - b.freqs_Hz[k]!) / f)));
  for (let i = 0; i < a.ports; i++) {
    for (let j = 0; j < a.ports; j++) {
      const x = a.data[i]![j]!;
      const y = b.data[i]![j]!;
      x.re.forEach((re, k) => {
        const d = Math.hypot(re - y.re[k]!, x.im[k]! - y.im[k]!);
        worst = Math.max(worst, d / Math.max(1e-3, Math.hypot(re, x.im[k]!)));
      });
    }
  }
  return worst;
}

const roundTrip = (net: Network, o: WriteOptions) =>
  readTouchstone(writeTouchstone(net, o), { ports: net.ports }).network;

describe('writeTouchstone', () => {
  it('writes version 1 as # Hz S RI R 50 with 9 significant digits, 2-ports as S11 S21 S12 S22', () => {
    const net = { ...network(2, 1, (i, j) => [i + 0.1 * j, 1 / 3]), comments: ['made by Sweepline'] };
    expect(writeTouchstone(net)).toBe(
      '! made by Sweepline\n# Hz S RI R 50\n1000000000 0 0.333333333 1 0.333333333 0.1 0.333333333 1.1 0.333333333\n',
    );
  });

  it('writes 3 and more ports row by row, 4 pairs a line, continued on indented lines', () => {
    const text = writeTouchstone(
      network(5, 1, (i, j) => [10 * (i + 1) + j + 1, 0]),
      { freqUnit: 'GHz' },
    );
    const lines = text.trim().split('\n');
    expect(lines[1]).toBe('1 11 0 12 0 13 0 14 0');
    expect(lines[2]).toBe('  15 0');
    expect(lines[3]).toBe('  21 0 22 0 23 0 24 0');
    expect(lines).toHaveLength(1 + 10);
  });

  it('writes version 2 keywords in order, with [Reference] when the ports differ', () => {
    const net = { ...network(2, 2, () => [0.5, 0]), z0: [50, 75] };
    const text = writeTouchstone(net, { version: 2, format: 'MA', freqUnit: 'MHz' });
    expect(text.split('\n').slice(0, 7)).toEqual([
      '[Version] 2.0',
      '# MHz S MA R 50',
      '[Number of Ports] 2',
      '[Two-Port Data Order] 12_21',
      '[Number of Frequencies] 2',
      '[Reference] 50 75',
      '[Network Data]',
    ]);
    expect(text.endsWith('[End]\n')).toBe(true);
    expect(readTouchstone(text).network.z0).toEqual([50, 75]);
  });

  it('writes an exact zero in DB as a very small magnitude', () => {
    const text = writeTouchstone(
      network(1, 1, () => [0, 0]),
      { format: 'DB' },
    );
    expect(text).toContain(`${MIN_DB} 0`);
    expect(Math.abs(readTouchstone(text, { ports: 1 }).network.data[0]![0]!.re[0]!)).toBeLessThan(1e-29);
  });

  it('refuses what the format cannot hold', () => {
    const two = network(2, 2, () => [1, 0]);
    expect(() => writeTouchstone({ ...two, z0: [50, 75] })).toThrow('need Touchstone version 2');
    expect(() => writeTouchstone({ ...two, freqs_Hz: [2, 1] })).toThrow('strictly increasing (index 1)');
    expect(() => writeTouchstone({ ...two, ports: 3 })).toThrow('must be a 3 × 3 matrix');
    expect(() => writeTouchstone({ ...two, ports: 0, data: [] })).toThrow(
      'A network needs 1 or more ports, not 0',
    );
  });
});

describe('round trips', () => {
  const variants: WriteOptions[] = [
    {},
    { format: 'MA', freqUnit: 'kHz' },
    { format: 'DB', freqUnit: 'GHz' },
    { version: 2 },
    { version: 2, format: 'DB', freqUnit: 'MHz', twoPortOrder: '21_12' },
  ];

  it.each(FIXTURES)('%s: write → read gives the same network within 5e-8 (9 digits)', (name) => {
    const net = readTouchstone(readFileSync(join(DIR, name), 'utf8'), { fileName: name }).network;
    for (const o of variants) {
      const back = roundTrip(net, o);
      expect(back.ports).toBe(net.ports);
      expect(back.z0).toEqual(net.z0);
      // 9 digits of an angle near 180° leave 1e-6° (1.7e-8 rad)
      expect(difference(net, back)).toBeLessThan(5e-8);
    }
  });

  it('keeps every double exactly at 17 digits, any ports and options (property)', () => {
    const value = fc.double({ min: -10, max: 10, noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(value, { minLength: 50, maxLength: 50 }),
        fc.constantFrom<1 | 2>(1, 2),
        fc.constantFrom<TouchstoneFormat>('RI', 'MA', 'DB'),
        fc.constantFrom<FrequencyUnit>('Hz', 'kHz', 'MHz', 'GHz'),
        (ports, points, pool, version, format, freqUnit) => {
          const net = network(ports, points, (i, j, k) => [
            pool[(i * 7 + j * 3 + k) % 50]!,
            pool[(i + j * 5 + k * 11 + 1) % 50]!,
          ]);
          const back = roundTrip(net, { version, format, freqUnit, precision: 17 });
          expect(difference(net, back)).toBeLessThan(format === 'RI' ? 1e-15 : 1e-12);
        },
      ),
      { numRuns: 60 },
    );
  });
});
