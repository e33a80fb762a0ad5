import { checkComplexTrace, checkTrace, paramHz } from './trace';
import { mhzText, TraceError } from './trace-error';

const MHz = 1e6;

function errorOf(fn: () => unknown): TraceError {
  try {
    fn();
  } catch (e) {
    if (e instanceof TraceError) return e;
    throw e;
  }
  throw new Error('expected a TraceError');
}

describe('checkTrace', () => {
  it('accepts strictly increasing finite frequencies with as many finite values', () => {
    const trace = { freqs_Hz: new Float64Array([1, 2, 3]), values: [0, -1, -2] };
    expect(checkTrace(trace)).toBe(trace);
  });

  it('refuses unsorted frequencies, naming the index', () => {
    const e = errorOf(() => checkTrace({ freqs_Hz: [800 * MHz, 900 * MHz, 850 * MHz], values: [0, 0, 0] }));
    expect(e.code).toBe('unsorted');
    expect(e.message).toBe('Frequencies are not in increasing order: index 2 (850 MHz) comes after 900 MHz');
  });

  it('refuses a repeated frequency, naming both indices', () => {
    const e = errorOf(() => checkTrace({ freqs_Hz: [800 * MHz, 900 * MHz, 900 * MHz], values: [0, 0, 0] }));
    expect(e.code).toBe('unsorted');
    expect(e.message).toBe(
      'Frequency 900 MHz appears twice (index 1 and 2); frequencies must be strictly increasing',
    );
  });

  it('refuses different lengths, an empty trace and non-finite numbers', () => {
    expect(errorOf(() => checkTrace({ freqs_Hz: [1, 2], values: [0] })).message).toBe(
      'The trace has 2 frequencies but 1 values',
    );
    expect(errorOf(() => checkTrace({ freqs_Hz: [], values: [] })).code).toBe('shape');
    expect(errorOf(() => checkTrace({ freqs_Hz: [1, NaN], values: [0, 0] })).message).toBe(
      'Frequency at index 1 is not a finite number (NaN)',
    );
    expect(errorOf(() => checkTrace({ freqs_Hz: [1, 2], values: [0, -Infinity] })).message).toBe(
      'The values at index 1 is not a finite number (-Infinity)',
    );
  });

  it('checks both parts of a complex trace', () => {
    const ok = { freqs_Hz: [1, 2], re: [0, 1], im: [1, 0] };
    expect(checkComplexTrace(ok)).toBe(ok);
    expect(errorOf(() => checkComplexTrace({ ...ok, im: [1] })).code).toBe('shape');
    expect(errorOf(() => checkComplexTrace({ ...ok, re: [0, NaN] })).code).toBe('notFinite');
  });
});

describe('paramHz', () => {
  it('turns MHz into Hz and refuses an unset field by name', () => {
    expect(paramHz(800, 'Start frequency')).toBe(800e6);
    expect(errorOf(() => paramHz(null, 'Start frequency')).message).toBe('Start frequency is not set');
    expect(errorOf(() => paramHz(undefined, 'Span')).code).toBe('param');
  });
});

describe('mhzText', () => {
  it('prints MHz without binary noise', () => {
    expect(mhzText(800.1e6)).toBe('800.1 MHz');
    expect(mhzText(0.3e6)).toBe('0.3 MHz');
  });
});
