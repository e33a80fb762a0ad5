import { ActionId } from '../catalogue/catalogue';
import { MSG } from '../limits/messages';
import { errorsWith } from '../testing/step-fixtures';
import { VMSG } from './messages';

const fix = (values: Record<string, unknown>) => errorsWith(ActionId.PimFixedTone, values);
const sweep = (values: Record<string, unknown>) => errorsWith(ActionId.PimSweptTone, values);
const one = (field: string, message: string) => [{ field, message }];

describe('PIM power', () => {
  it.each([
    [43, undefined],
    [43.12, undefined],
    [0, undefined],
    [43.123, VMSG.decimals(2)],
    [-0.01, VMSG.atLeast(0)],
    [null, VMSG.enterNumber],
  ])('takes a power output of %p: %p', (powerOutput, message) => {
    expect(fix({ powerOutput })).toEqual(message ? one('powerOutput', message) : []);
  });

  it('takes a power offset of at least 0 with 1 decimal', () => {
    expect(sweep({ powerOffset: 0.5 })).toEqual([]);
    expect(sweep({ powerOffset: 0.55 })).toEqual(one('powerOffset', VMSG.decimals(1)));
    expect(sweep({ powerOffset: -0.5 })).toEqual(one('powerOffset', VMSG.atLeast(0)));
  });

  it('needs a title and a limit', () => {
    expect(fix({ title: '', upper: null, lower: null })).toEqual([
      { field: 'title', message: MSG.emptyInput },
      { field: 'upper', message: VMSG.enterLimit },
    ]);
  });
});

describe('PIM fixed tone', () => {
  it('needs both carriers above 0 MHz', () => {
    expect(fix({ fix1_MHz: null, fix2_MHz: 0 })).toEqual([
      { field: 'fix1_MHz', message: VMSG.enterNumber },
      { field: 'fix2_MHz', message: VMSG.greaterThan(0) },
    ]);
  });

  it.each([
    [0, VMSG.between(1, 300)],
    [1, undefined],
    [300, undefined],
    [301, VMSG.between(1, 300)],
    [2.5, VMSG.mustBeInteger],
  ])('takes a duration of %p s: %p', (fixTime_sec, message) => {
    expect(fix({ fixTime_sec })).toEqual(message ? one('fixTime_sec', message) : []);
  });
});

describe('PIM swept tone', () => {
  it('needs each sweep range with the start not above the stop', () => {
    expect(sweep({ sweep1Start_MHz: 935, sweep1Stop_MHz: 935 })).toEqual([]);
    expect(sweep({ sweep1Start_MHz: 936, sweep2Stop_MHz: null })).toEqual([
      { field: 'sweep1Start_MHz', message: MSG.lineStartGreaterThanStop },
      { field: 'sweep2Stop_MHz', message: VMSG.enterNumber },
    ]);
    expect(sweep({ sweep2Start_MHz: 961 })).toEqual(one('sweep2Start_MHz', MSG.lineStartGreaterThanStop));
  });

  it('needs a sweep step above 0', () => {
    expect(sweep({ sweepStep_MHz: 0 })).toEqual(one('sweepStep_MHz', VMSG.greaterThan(0)));
  });

  it.each([
    [0, VMSG.between(1, 10)],
    [1, undefined],
    [10, undefined],
    [11, VMSG.between(1, 10)],
  ])('takes a sweep count of %p: %p', (sweepCount, message) => {
    expect(sweep({ sweepCount })).toEqual(message ? one('sweepCount', message) : []);
  });
});
