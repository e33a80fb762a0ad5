import fc from 'fast-check';
import { Verdict } from '../results/verdict';
import { firstStage, pendingSeqIds, STAGE_MSG, stageAfter, stageAfterRun, stagesOf } from './stages';

describe('stagesOf', () => {
  it('lists each stage of the tests once, ascending', () => {
    expect(stagesOf([{ stageNo: 10 }, { stageNo: 2 }, { stageNo: 10 }, { stageNo: 1 }])).toEqual([1, 2, 10]);
    expect(stagesOf([])).toEqual([]);
  });
});

describe('firstStage', () => {
  it('is the lowest stage, or undefined without tests', () => {
    expect(firstStage([3, 1, 7])).toBe(1);
    expect(firstStage([])).toBeUndefined();
  });
});

describe('stageAfter', () => {
  it('goes to the next stage that exists, skipping missing numbers', () => {
    expect(stageAfter([1, 3, 10], 1)).toBe(3);
    expect(stageAfter([1, 3, 10], 3)).toBe(10);
  });

  it('is finished (null) after the last stage', () => {
    expect(stageAfter([1, 3, 10], 10)).toBeNull();
    expect(stageAfter([], 1)).toBeNull();
  });

  it('works from a stage that no longer has tests', () => {
    expect(stageAfter([1, 5], 2)).toBe(5);
  });

  it('is always a higher stage of the list, and the lowest such', () => {
    const stage = fc.integer({ min: 1, max: 99 });
    fc.assert(
      fc.property(fc.array(stage, { maxLength: 20 }), stage, (stages, current) => {
        const next = stageAfter(stages, current);
        const higher = stages.filter((s) => s > current);
        expect(next).toBe(higher.length === 0 ? null : Math.min(...higher));
      }),
    );
  });
});

describe('stageAfterRun', () => {
  const passed = (seqId: number) => ({ seqId, latest: Verdict.Passed });

  it('advances when every test of the stage has a passing latest run', () => {
    expect(stageAfterRun([1, 2], 1, [passed(5), passed(6)])).toBe(2);
  });

  it('finishes after the last stage', () => {
    expect(stageAfterRun([1, 2], 2, [passed(7)])).toBeNull();
  });

  it('stays while a test has not run, failed or was aborted last', () => {
    expect(stageAfterRun([1, 2], 1, [passed(5), { seqId: 6 }])).toBeUndefined();
    expect(stageAfterRun([1, 2], 1, [passed(5), { seqId: 6, latest: Verdict.Failed }])).toBeUndefined();
    expect(stageAfterRun([1, 2], 1, [passed(5), { seqId: 6, latest: Verdict.Aborted }])).toBeUndefined();
  });

  it('never passes a stage without tests', () => {
    expect(stageAfterRun([1, 2], 1, [])).toBeUndefined();
  });
});

describe('pendingSeqIds', () => {
  it('keeps the tests without a passing latest run, in order', () => {
    expect(
      pendingSeqIds([
        { seqId: 1, latest: Verdict.Passed },
        { seqId: 2 },
        { seqId: 3, latest: Verdict.Failed },
      ]),
    ).toEqual([2, 3]);
  });
});

describe('STAGE_MSG', () => {
  it('names both stages, the serial number and the test', () => {
    expect(STAGE_MSG.wrongStage('A1', 1, 'Pass band', 2)).toBe(
      'Serial number A1 is at stage 1; test Pass band is stage 2',
    );
    expect(STAGE_MSG.finished('A1')).toBe(
      'Serial number A1 has finished all stages: jump it to a stage to test it again',
    );
    expect(STAGE_MSG.noStage('A1')).toBe('Serial number A1 has no stage: its product has no tests');
    expect(STAGE_MSG.notAStage(4, 'F-200')).toBe('Product F-200 has no stage 4');
  });
});
