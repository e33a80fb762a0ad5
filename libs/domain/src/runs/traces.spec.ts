import fc from 'fast-check';
import {
  decodeFloat32,
  encodeFloat32,
  FLOAT32_MAX,
  TRACE_LIMITS,
  TRACE_MSG,
  tracePointsError,
} from './traces';

describe('encodeFloat32 and decodeFloat32', () => {
  it('writes little-endian float32, 4 bytes a point', () => {
    expect([...encodeFloat32([1, -2])]).toEqual([0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0]);
  });

  it('round-trips every number to its float32 value', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e30, max: 1e30, noNaN: true })), (numbers) => {
        expect(decodeFloat32(encodeFloat32(numbers))).toEqual(numbers.map(Math.fround));
      }),
    );
  });

  it('reads a view into a larger buffer, and ignores a partial last number', () => {
    const bytes = new Uint8Array([9, 9, ...encodeFloat32([0.5, 3]), 7]);
    expect(decodeFloat32(bytes.subarray(2))).toEqual([0.5, 3]);
    expect(decodeFloat32(new Uint8Array())).toEqual([]);
  });
});

describe('tracePointsError', () => {
  it('accepts ascending frequencies with as many values, equal neighbours included', () => {
    expect(tracePointsError([100, 100, 200.5], [-1, -2.5, 3])).toBeUndefined();
    expect(tracePointsError([0], [FLOAT32_MAX])).toBeUndefined();
  });

  it('takes up to 20,001 points', () => {
    const freqs = Array.from({ length: TRACE_LIMITS.points }, (_, i) => i);
    expect(tracePointsError(freqs, freqs)).toBeUndefined();
    expect(tracePointsError([...freqs, 1e6], [...freqs, 0])).toEqual({
      field: 'freqs_MHz',
      message: 'Up to 20001 points',
    });
  });

  it('refuses what cannot be a trace', () => {
    expect(tracePointsError('x', [])).toEqual({ field: 'freqs_MHz', message: 'Invalid value' });
    expect(tracePointsError([1], null)).toEqual({ field: 'values', message: 'Invalid value' });
    expect(tracePointsError([], [])).toEqual({ field: 'freqs_MHz', message: TRACE_MSG.noPoints });
    expect(tracePointsError([1, 2], [1])).toEqual({ field: 'values', message: TRACE_MSG.lengths });
    expect(tracePointsError([1, '2'], [1, 2])).toEqual({
      field: 'freqs_MHz[1]',
      message: TRACE_MSG.outOfRange,
    });
    expect(tracePointsError([-1, 2], [1, 2])).toEqual({
      field: 'freqs_MHz[0]',
      message: 'Must be at least 0',
    });
    expect(tracePointsError([1, 3, 2], [1, 2, 3])).toEqual({
      field: 'freqs_MHz[2]',
      message: TRACE_MSG.notAscending,
    });
    expect(tracePointsError([1, 2], [1, 1e39])).toEqual({
      field: 'values[1]',
      message: TRACE_MSG.outOfRange,
    });
    expect(tracePointsError([1, 2], [null, 1])).toEqual({
      field: 'values[0]',
      message: TRACE_MSG.outOfRange,
    });
  });
});
