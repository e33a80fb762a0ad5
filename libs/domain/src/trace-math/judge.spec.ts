import { judge, judgeEveryPoint } from './judge';

const none = { lower: null, upper: null };
const freqs = [10, 20, 30];
// a band whose quantity runs from 1 (at 10 Hz) to 3 (at 30 Hz)
const ext = { max: 3, maxIndex: 2, min: 1, minIndex: 0 };

describe('judge', () => {
  it('checks only the limits that are set, edges included', () => {
    expect(judge(5, none)).toBe(1);
    expect(judge(1.5, { lower: null, upper: 1.5 })).toBe(1);
    expect(judge(1.50001, { lower: null, upper: 1.5 })).toBe(0);
    expect(judge(-1, { lower: 0, upper: null })).toBe(0);
    expect(judge(0, { lower: 0, upper: 1 })).toBe(1);
  });

  it('fails a value that is not a number', () => {
    expect(judge(NaN, none)).toBe(0);
  });
});

describe('judgeEveryPoint', () => {
  it('reports the max against an upper limit and the min against a lower one', () => {
    expect(judgeEveryPoint(freqs, ext, { lower: null, upper: 2 }, 'dB', 'low')).toEqual({
      value: 3,
      unit: 'dB',
      result: 0,
      freq_Hz: 30,
    });
    expect(judgeEveryPoint(freqs, ext, { lower: 0.5, upper: null }, 'dB', 'high')).toEqual({
      value: 1,
      unit: 'dB',
      result: 1,
      freq_Hz: 10,
    });
  });

  it('with both limits reports the point nearest to or furthest beyond one', () => {
    expect(judgeEveryPoint(freqs, ext, { lower: 0, upper: 3.5 }, '', 'low').value).toBe(3);
    expect(judgeEveryPoint(freqs, ext, { lower: 0.9, upper: 5 }, '', 'high').value).toBe(1);
    expect(judgeEveryPoint(freqs, ext, { lower: 2, upper: 2.5 }, '', 'high')).toMatchObject({
      value: 1,
      result: 0,
    });
  });

  it('without limits passes and reports the worse end', () => {
    expect(judgeEveryPoint(freqs, ext, none, '', 'high')).toMatchObject({ value: 3, result: 1 });
    expect(judgeEveryPoint(freqs, ext, none, '', 'low')).toMatchObject({ value: 1, result: 1 });
  });
});
