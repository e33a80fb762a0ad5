import { Ticks, type Scale, type Tick } from 'chart.js';
import fc from 'fast-check';
import { numericTick } from './numeric-tick';

/** The part of a linear scale the formatters read; en-US, as the web app's charts are. */
const scale = (format?: Intl.NumberFormatOptions) =>
  ({ chart: { options: { locale: 'en-US' } }, options: { ticks: { format } } }) as unknown as Scale;

const chartJs = (s: Scale, value: number, index: number, ticks: Tick[]) =>
  Ticks.formatters.numeric.call(s, value, index, ticks);

/** Ticks as a linear axis makes them: `count` steps of a nice size from a multiple of it. */
const niceTicks = fc
  .record({
    mantissa: fc.constantFrom(1, 2, 2.5, 5),
    exponent: fc.integer({ min: -5, max: 12 }),
    first: fc.integer({ min: -60, max: 60 }),
    count: fc.integer({ min: 2, max: 12 }),
  })
  .map(({ mantissa, exponent, first, count }) => {
    const step = mantissa * 10 ** exponent;
    return Array.from({ length: count }, (_, i) => ({ value: Number(((first + i) * step).toPrecision(12)) }));
  });

describe('numericTick', () => {
  it('writes what chart.js writes, for the ticks of any linear axis', () => {
    fc.assert(
      fc.property(niceTicks, (ticks) => {
        ticks.forEach((tick, i) =>
          expect(numericTick.call(scale(), tick.value, i, ticks)).toBe(
            chartJs(scale(), tick.value, i, ticks),
          ),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('writes what chart.js writes for ticks off the grid (an axis bounded by its data)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e9, max: 1e9, noNaN: true }), { minLength: 1, maxLength: 8 }),
        (values) => {
          const ticks = values.map((value) => ({ value }));
          ticks.forEach((tick, i) =>
            expect(numericTick.call(scale(), tick.value, i, ticks)).toBe(
              chartJs(scale(), tick.value, i, ticks),
            ),
          );
        },
      ),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['a zero', [0, 5, 10], 0, '0'],
    ['thousands', [0, 2500, 5000], 1, '2,500'],
    ['a fine step', [-0.04, -0.02, 0, 0.02], 0, '-0.04'],
    ['scientific, left to chart.js', [0, 0.00002, 0.00004], 1, '2.00000E-5'],
  ])('writes %s', (_, values, index, text) => {
    const ticks = values.map((value) => ({ value }));
    expect(numericTick.call(scale(), values[index]!, index, ticks)).toBe(text);
  });

  it("leaves an axis's own format to chart.js", () => {
    const ticks = [0.1, 0.2].map((value) => ({ value }));
    const percent = scale({ style: 'percent' });
    expect(numericTick.call(percent, 0.2, 1, ticks)).toBe('20.0%');
  });
});
