import type { ReleaseDiff } from '@sweepline/domain';
import { formatReleaseDiff } from './print-release-diff';

const diff = (over: Partial<ReleaseDiff>): ReleaseDiff => ({
  seqId: 1,
  from: 3,
  to: 'draft',
  steps: [],
  cals: [],
  same: false,
  ...over,
});

describe('formatReleaseDiff', () => {
  it('names both sides and says when they are the same', () => {
    expect(formatReleaseDiff('Pass band', diff({ from: 3, to: 7, same: true }))).toBe(
      'Pass band: release 3 -> release 7: the same content.',
    );
  });

  it('prints each kind of step change by its 1-based place, values old -> new, limits marked', () => {
    const text = formatReleaseDiff(
      'Pass band',
      diff({
        steps: [
          { stepId: 9, name: 'Delay', change: 'removed', fromIndex: 0, toIndex: null, changes: [] },
          {
            stepId: 2,
            name: 'Insertion loss',
            change: 'changed',
            fromIndex: 1,
            toIndex: 0,
            changes: [
              { key: 'upper', from: 1.2, to: 1.5, isLimit: true },
              { key: 'lower', from: null, to: 0, isLimit: true },
              { key: 'title', from: 'IL', to: 'Insertion loss', isLimit: false },
            ],
          },
          { stepId: 5, name: 'Gain', change: 'moved', fromIndex: 4, toIndex: 1, changes: [] },
          {
            stepId: 6,
            name: 'SWR',
            change: 'moved and changed',
            fromIndex: 2,
            toIndex: 4,
            changes: [{ key: 'startFreq_MHz', from: 100, to: 200, isLimit: false }],
          },
          { stepId: 11, name: 'Return loss', change: 'added', fromIndex: null, toIndex: 5, changes: [] },
        ],
        cals: [
          {
            calId: 1,
            change: 'changed',
            changes: [{ key: 'stopFreq_MHz', from: 1000, to: 2000, isLimit: false }],
          },
          { calId: 2, change: 'added', changes: [] },
        ],
      }),
    );
    expect(text.split('\n')).toEqual([
      'Pass band: release 3 -> the draft',
      '  - step 1 "Delay": removed',
      '  ~ step 1 "Insertion loss": changed',
      '      upper (limit): 1.2 -> 1.5',
      '      lower (limit): null -> 0',
      '      title: "IL" -> "Insertion loss"',
      '  > step 2 "Gain": moved from step 5',
      '  ~ step 5 "SWR": moved from step 3 and changed',
      '      startFreq_MHz: 100 -> 200',
      '  + step 6 "Return loss": added',
      '  ~ calibration 1: changed',
      '      stopFreq_MHz: 1000 -> 2000',
      '  + calibration 2: added',
    ]);
  });
});
