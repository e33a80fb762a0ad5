import { quarterHours } from './quarter-hours';

const Q = 15 * 60_000;

describe('quarterHours', () => {
  it('has no edges for a range of whole quarter hours', () => {
    expect(quarterHours(4 * Q, 10 * Q)).toEqual({
      head: { from: 4 * Q, until: 4 * Q },
      slots: { from: 4 * Q, until: 10 * Q },
      tail: { from: 10 * Q, until: 10 * Q },
    });
  });

  it('reads the parts of quarter hours at either end row by row', () => {
    expect(quarterHours(4 * Q + 1, 10 * Q - 1)).toEqual({
      head: { from: 4 * Q + 1, until: 5 * Q },
      slots: { from: 5 * Q, until: 9 * Q },
      tail: { from: 9 * Q, until: 10 * Q - 1 },
    });
  });

  it('reads a range inside one quarter hour row by row, once', () => {
    const split = quarterHours(4 * Q + 1, 4 * Q + 99);
    expect(split.head).toEqual({ from: 4 * Q + 1, until: 4 * Q + 99 });
    expect(split.slots.from).toBe(split.slots.until);
    expect(split.tail.from).toBe(split.tail.until);
  });
});
