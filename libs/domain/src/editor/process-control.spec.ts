import fc from 'fast-check';
import type { SeqNumbers } from './process-control';
import {
  compareSeqs,
  isStageOrTestNo,
  nextSeqNumbers,
  placeSeq,
  PROCESS_CONTROL_MSG,
  sortSeqs,
  validateProcessControl,
} from './process-control';

const seq = (id: number, stageNo: number, testNo: number, name = `t${id}`) => ({ id, stageNo, testNo, name });
const pairs = (seqs: readonly SeqNumbers[]) => seqs.map((s) => `${s.id}:${s.stageNo}-${s.testNo}`);

describe('isStageOrTestNo', () => {
  it.each([1, 2, 98, 99])('accepts %p', (n) => expect(isStageOrTestNo(n)).toBe(true));
  it.each([0, 100, -1, 1.5, Number.NaN, '3', null])('refuses %p', (n) =>
    expect(isStageOrTestNo(n)).toBe(false),
  );
});

describe('sortSeqs', () => {
  it('orders by stage, then test, then id, without touching the input', () => {
    const input = [seq(5, 2, 1), seq(4, 1, 3), seq(3, 1, 2), seq(1, 1, 2)];
    expect(pairs(sortSeqs(input))).toEqual(['1:1-2', '3:1-2', '4:1-3', '5:2-1']);
    expect(pairs(input)).toEqual(['5:2-1', '4:1-3', '3:1-2', '1:1-2']);
  });

  it('keeps the other fields', () => {
    expect(sortSeqs([seq(1, 1, 1, 'RX')])[0]?.name).toBe('RX');
  });

  it('compares equal only the same numbers and id', () => {
    expect(compareSeqs(seq(1, 1, 1), seq(1, 1, 1))).toBe(0);
  });
});

describe('placeSeq', () => {
  it('places a test at a free pair without shifting', () => {
    const result = placeSeq([seq(1, 1, 1), seq(2, 2, 1)], seq(9, 1, 2));
    expect(result.ok && pairs(result.seqs)).toEqual(['1:1-1', '9:1-2', '2:2-1']);
  });

  it('shifts the colliding run of the stage up by one', () => {
    const seqs = [seq(1, 1, 1), seq(2, 1, 2), seq(3, 1, 3), seq(4, 1, 5), seq(5, 2, 2)];
    const result = placeSeq(seqs, seq(9, 1, 2));
    expect(result.ok && pairs(result.seqs)).toEqual(['1:1-1', '9:1-2', '2:1-3', '3:1-4', '4:1-5', '5:2-2']);
  });

  it('returns new objects for the shifted tests and leaves the input alone', () => {
    const seqs = [seq(1, 1, 1)];
    const result = placeSeq(seqs, seq(9, 1, 1));
    expect(result.ok && result.seqs.find((s) => s.id === 1)).toEqual(seq(1, 1, 2));
    expect(seqs[0]).toEqual(seq(1, 1, 1));
  });

  it('replaces a test of the same id, so a test can be renumbered', () => {
    const result = placeSeq([seq(1, 1, 1), seq(2, 1, 2)], seq(1, 1, 2));
    expect(result.ok && pairs(result.seqs)).toEqual(['1:1-2', '2:1-3']);
  });

  it('shifts up to 99', () => {
    const stage = Array.from({ length: 3 }, (_, i) => seq(i + 1, 4, 97 + i));
    const result = placeSeq(stage.slice(0, 2), seq(9, 4, 97));
    expect(result.ok && pairs(result.seqs)).toEqual(['9:4-97', '1:4-98', '2:4-99']);
    expect(placeSeq(stage, seq(9, 4, 97))).toEqual({ ok: false, error: PROCESS_CONTROL_MSG.stageFull(4) });
  });

  it('refuses numbers outside 1-99', () => {
    expect(placeSeq([], seq(9, 0, 1))).toEqual({ ok: false, error: PROCESS_CONTROL_MSG.outOfRange });
    expect(placeSeq([], seq(9, 1, 100))).toEqual({ ok: false, error: PROCESS_CONTROL_MSG.outOfRange });
  });

  describe('properties', () => {
    const numbers = fc.integer({ min: 1, max: 99 });
    const small = fc.integer({ min: 1, max: 4 });
    const tests = fc
      .uniqueArray(fc.record({ stageNo: small, testNo: fc.oneof(small, numbers) }), {
        selector: (s) => `${s.stageNo}-${s.testNo}`,
        maxLength: 40,
      })
      .map((list) => list.map((s, i) => ({ id: i + 1, ...s })));
    const newSeqs = fc.record({
      id: fc.integer({ min: 1, max: 60 }),
      stageNo: small,
      testNo: fc.oneof(small, numbers),
    });

    it('never leaves two tests on one pair, and lists them sorted', () => {
      fc.assert(
        fc.property(tests, newSeqs, (seqs, newSeq) => {
          const result = placeSeq(seqs, newSeq);
          if (!result.ok) return;
          const keys = result.seqs.map((s) => `${s.stageNo}-${s.testNo}`);
          expect(new Set(keys).size).toBe(keys.length);
          expect(result.seqs).toEqual(sortSeqs(result.seqs));
          expect(result.seqs.every((s) => isStageOrTestNo(s.testNo))).toBe(true);
        }),
      );
    });

    it('keeps every test, with the new one exactly where asked', () => {
      fc.assert(
        fc.property(tests, newSeqs, (seqs, newSeq) => {
          const result = placeSeq(seqs, newSeq);
          if (!result.ok) return;
          const ids = new Set([...seqs.map((s) => s.id), newSeq.id]);
          expect(result.seqs.map((s) => s.id).sort()).toEqual([...ids].sort());
          expect(result.seqs.find((s) => s.id === newSeq.id)).toEqual(newSeq);
        }),
      );
    });

    it('keeps the order of the tests it shifts', () => {
      fc.assert(
        fc.property(tests, newSeqs, (seqs, newSeq) => {
          const result = placeSeq(seqs, newSeq);
          if (!result.ok) return;
          const before = sortSeqs(seqs.filter((s) => s.id !== newSeq.id)).map((s) => s.id);
          expect(result.seqs.map((s) => s.id).filter((id) => id !== newSeq.id)).toEqual(before);
        }),
      );
    });

    it('fails only when the stage has no free number from the new one up', () => {
      fc.assert(
        fc.property(tests, newSeqs, (seqs, newSeq) => {
          const used = new Set(
            seqs.filter((s) => s.id !== newSeq.id && s.stageNo === newSeq.stageNo).map((s) => s.testNo),
          );
          const room = Array.from({ length: 100 - newSeq.testNo }, (_, i) => newSeq.testNo + i).some(
            (t) => !used.has(t),
          );
          expect(placeSeq(seqs, newSeq).ok).toBe(room);
        }),
      );
    });
  });
});

describe('nextSeqNumbers', () => {
  const seqs = [seq(1, 1, 1), seq(2, 1, 2), seq(3, 2, 1)];

  it('starts an empty product at 1-1', () => {
    expect(nextSeqNumbers([], -1)).toEqual({ stageNo: 1, testNo: 1 });
  });

  it('follows the current test in its stage', () => {
    expect(nextSeqNumbers(seqs, 1)).toEqual({ stageNo: 1, testNo: 2 });
  });

  it('follows the last test when there is no current one', () => {
    expect(nextSeqNumbers(seqs, -1)).toEqual({ stageNo: 2, testNo: 2 });
    expect(nextSeqNumbers(seqs, 77)).toEqual({ stageNo: 2, testNo: 2 });
  });

  it('goes to the next stage when the rest of the stage is full', () => {
    expect(nextSeqNumbers([seq(1, 3, 98), seq(2, 3, 99)], 2)).toEqual({ stageNo: 4, testNo: 1 });
    expect(nextSeqNumbers([seq(1, 3, 99), seq(2, 4, 1)], 1)).toEqual({ stageNo: 4, testNo: 2 });
  });

  it('wraps from stage 99 to stage 1', () => {
    expect(nextSeqNumbers([seq(1, 99, 99)], 1)).toEqual({ stageNo: 1, testNo: 1 });
  });

  it('finds a number below the current one when every other stage is full', () => {
    const full = Array.from({ length: 99 * 99 }, (_, i) => seq(i + 1, Math.floor(i / 99) + 1, (i % 99) + 1));
    const withHole = full.filter((s) => !(s.stageNo === 5 && s.testNo === 3));
    const current = withHole.find((s) => s.stageNo === 5 && s.testNo === 99);
    expect(nextSeqNumbers(withHole, current?.id ?? -1)).toEqual({ stageNo: 5, testNo: 3 });
    expect(nextSeqNumbers(full, 1)).toBeUndefined();
  });

  it('copes with a current test numbered outside 1-99', () => {
    expect(nextSeqNumbers([seq(1, 150, 2)], 1)).toEqual({ stageNo: 1, testNo: 1 });
  });

  it('always gives numbers that placeSeq accepts', () => {
    const tests = fc
      .uniqueArray(
        fc.record({ stageNo: fc.integer({ min: 1, max: 3 }), testNo: fc.integer({ min: 90, max: 99 }) }),
        {
          selector: (s) => `${s.stageNo}-${s.testNo}`,
        },
      )
      .map((list) => list.map((s, i) => ({ id: i + 1, ...s })));
    fc.assert(
      fc.property(tests, fc.integer({ min: -1, max: 40 }), (seqs, current) => {
        const next = nextSeqNumbers(seqs, current);
        expect(next).toBeDefined();
        expect(placeSeq(seqs, { id: 1000, ...(next as { stageNo: number; testNo: number }) }).ok).toBe(true);
      }),
    );
  });
});

describe('validateProcessControl', () => {
  const row = (seq_id: number, stage_no: number, test_no: number) => ({ seq_id, stage_no, test_no });

  it('accepts distinct pairs of 1-99', () => {
    expect(validateProcessControl([row(1, 1, 1), row(2, 1, 99), row(3, 99, 1)])).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('marks numbers that are not integers 1-99', () => {
    const rows = [row(1, 0, 1), row(2, 1, 100), row(3, 1.5, 2), row(4, Number.NaN, 2), row(5, 1, 1)];
    expect(validateProcessControl(rows)).toEqual([
      PROCESS_CONTROL_MSG.outOfRange,
      PROCESS_CONTROL_MSG.outOfRange,
      PROCESS_CONTROL_MSG.outOfRange,
      PROCESS_CONTROL_MSG.outOfRange,
      undefined,
    ]);
  });

  it('marks every row of a repeated pair', () => {
    const rows = [row(1, 2, 3), row(2, 1, 1), row(3, 2, 3)];
    const duplicate = PROCESS_CONTROL_MSG.duplicate(2, 3);
    expect(validateProcessControl(rows)).toEqual([duplicate, undefined, duplicate]);
    expect(duplicate).toBe('Stage-test 2-3 is used more than once');
  });

  it('does not count an out-of-range row as a duplicate', () => {
    expect(validateProcessControl([row(1, 0, 1), row(2, 0, 1)])).toEqual([
      PROCESS_CONTROL_MSG.outOfRange,
      PROCESS_CONTROL_MSG.outOfRange,
    ]);
  });

  it('accepts an empty list', () => {
    expect(validateProcessControl([])).toEqual([]);
  });
});
