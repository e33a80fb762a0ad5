import { formatMeasurement, formatStepValue } from './format-measurement';

/** A small seeded generator (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('formatMeasurement', () => {
  it.each([
    [1.53668, '1.537'],
    [0.876696, '0.8767'],
    [-1.5, '-1.5'],
    [1.2, '1.2'],
    [10000000, '10000000'],
    [0, '0'],
    [-0.00001, '-0.00001'],
    [0.0001234567, '0.0001235'],
    [1.5e-9, '1.5e-9'],
    [2e16, '20000000000000000'],
    [Infinity, 'Infinity'],
  ])('prints %p as %p on its own', (value, text) => {
    expect(formatMeasurement(value)).toBe(text);
  });

  it('adds digits until a value and its limits print apart', () => {
    expect(formatMeasurement(10000000, { limits: [10000000.4] })).toBe('10000000');
    expect(formatMeasurement(10000000.4, { limits: [10000000] })).toBe('10000000.4');
    expect(formatMeasurement(1.53668, { limits: [1.5367] })).toBe('1.53668');
  });

  it('keeps equal numbers, texts and nulls from adding digits', () => {
    expect(formatMeasurement(1.53668, { limits: [1.53668, 'n/a', null, undefined] })).toBe('1.537');
  });

  it('prints any distinct value and limits of a step distinctly (property)', () => {
    const next = random(38);
    const scales = [1e-7, 1e-3, 1, 1e3, 1e7, 1e12];
    for (let run = 0; run < 5000; run++) {
      const scale = scales[Math.floor(next() * scales.length)]!;
      const base = (next() - 0.5) * scale;
      // neighbours as close as a double allows, and others a little further off
      const near = [
        base,
        base * (1 + Number.EPSILON * 4),
        base + scale * 1e-9 * next(),
        base + scale * next(),
      ];
      const numbers = near.slice(0, 2 + Math.floor(next() * 3));
      const texts = numbers.map((n) => formatMeasurement(n, { limits: numbers }));
      expect(new Set(texts).size).toBe(new Set(numbers).size);
    }
  });
});

describe('formatStepValue', () => {
  const step = { lower: 10000000, upper: 10000000.4, value: 10000000.2 };

  it('prints a step’s numbers apart from each other', () => {
    expect([step.lower, step.upper, step.value].map((v) => formatStepValue(v, step))).toEqual([
      '10000000',
      '10000000.4',
      '10000000.2',
    ]);
  });

  it('prints texts as sent and nothing for null', () => {
    expect(formatStepValue('yes', step)).toBe('yes');
    expect(formatStepValue(null, step)).toBe('');
  });
});
