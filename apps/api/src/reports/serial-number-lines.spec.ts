import { SerialNumberLines } from './serial-number-lines';

const SNS = ['A-1', 'Küche-2', 'B#3', 'C(4)', 'D+5'];
const lines = (sns: string[]) => new SerialNumberLines(Buffer.from(sns.join('\n'), 'utf8'), sns.length);

describe('SerialNumberLines', () => {
  it('gives every serial number in row order', () => {
    expect(lines(SNS).all()).toEqual(SNS);
    expect(lines(['only']).all()).toEqual(['only']);
    expect(new SerialNumberLines(Buffer.alloc(0), 0).all()).toEqual([]);
  });

  it('takes out the rows asked for, in the order asked, the first and the last too', () => {
    expect(lines(SNS).at([4, 0, 1, 3])).toEqual(['D+5', 'A-1', 'Küche-2', 'C(4)']);
    expect(lines(['only']).at([0])).toEqual(['only']);
    expect(lines(SNS).at([])).toEqual([]);
  });

  it('refuses a row it does not hold, and lines that do not match the rows', () => {
    expect(() => lines(SNS).at([5])).toThrow('No serial number at row 5 of 5');
    expect(() => lines(SNS).at([-1])).toThrow('No serial number at row -1 of 5');
    expect(() => new SerialNumberLines(Buffer.from('a\nb'), 3).all()).toThrow(
      '3 rows came with 2 serial numbers',
    );
    expect(() => new SerialNumberLines(Buffer.from('a\nb'), 3).at([0])).toThrow(
      '3 rows came with 2 serial numbers',
    );
  });
});
