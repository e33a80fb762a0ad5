import { figure } from './analysis-format';

describe('figure', () => {
  it('prints a figure in four significant digits, and a dash when it is not defined', () => {
    expect(figure(0.876696)).toBe('0.8767');
    expect(figure(null)).toBe('—');
    expect(figure(Number.NaN)).toBe('—');
  });

  it('prints limits apart however close they are (issue 38)', () => {
    expect([figure(10000000, [10000000.4]), figure(10000000.4, [10000000])]).toEqual([
      '10000000',
      '10000000.4',
    ]);
  });
});
