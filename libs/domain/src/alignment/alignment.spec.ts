import fc from 'fast-check';
import { THRU } from '../calibration/calibration.types';
import { LIMITS } from '../limits/limits';
import { MSG } from '../limits/messages';
import { defaultAlignment, defaultCalibration, defaultLimitLine, defaultTrace } from '../params/defaults';
import type { Alignment, Trace } from '../params/params.types';
import { DisplayFormat, NO_ID } from '../params/params.types';
import {
  addAlignment,
  alignmentsAfterCalibrationChange,
  copyAlignment,
  moveAlignment,
  pasteAlignment,
  removeAlignment,
} from './alignment';

const titled = (title: string): Alignment => ({ ...defaultAlignment(), title });
const listOf = (...titles: string[]) => titles.map(titled);
const titles = (list: readonly Alignment[]) => list.map((a) => a.title);
const nine = () => listOf('1', '2', '3', '4', '5', '6', '7', '8', '9');
const trace = (sParam: string, df = DisplayFormat.LogMag): Trace => ({ ...defaultTrace(), sParam, df });

describe('addAlignment', () => {
  it('appends a default alignment', () => {
    expect(addAlignment(listOf('a'))).toEqual({ list: [titled('a'), defaultAlignment()] });
  });

  it(`accepts the ${LIMITS.alignmentsPerStep}th alignment and refuses the next`, () => {
    const result = addAlignment(nine().slice(1));
    expect('list' in result && result.list).toHaveLength(9);
    expect(addAlignment(nine())).toEqual({ error: MSG.upTo9Alignments });
  });
});

describe('moveAlignment', () => {
  it('moves one place up or down', () => {
    expect(titles(moveAlignment(listOf('a', 'b', 'c'), 2, -1))).toEqual(['a', 'c', 'b']);
    expect(titles(moveAlignment(listOf('a', 'b', 'c'), 0, 1))).toEqual(['b', 'a', 'c']);
  });

  it('leaves the list as it is at the top and the bottom', () => {
    expect(titles(moveAlignment(listOf('a', 'b'), 0, -1))).toEqual(['a', 'b']);
    expect(titles(moveAlignment(listOf('a', 'b'), 1, 1))).toEqual(['a', 'b']);
  });

  it('keeps the same alignments in any sequence of moves', () => {
    const move = fc.record({
      index: fc.integer({ min: -1, max: 9 }),
      direction: fc.constantFrom(-1 as const, 1 as const),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.array(move), (n, moves) => {
        const start = nine().slice(0, n);
        const end = moves.reduce((list, m) => moveAlignment(list, m.index, m.direction), start);
        expect(titles(end).sort()).toEqual(titles(start).sort());
        end.forEach((a) => expect(start).toContain(a));
      }),
    );
  });
});

describe('pasteAlignment', () => {
  const copied = { ...titled('copied'), traceArray: [{ ...trace('S21'), lineArray: [defaultLimitLine()] }] };

  it('inserts a copy after the selected alignment and selects it', () => {
    const result = pasteAlignment(listOf('a', 'b'), copied, 0);
    if (!('list' in result)) throw new Error(result.error);
    expect(titles(result.list)).toEqual(['a', 'copied', 'b']);
    expect(result.selectedIndex).toBe(1);
  });

  it('pastes a deep copy that shares nothing with the copied alignment', () => {
    const result = pasteAlignment(listOf('a'), copied, 0);
    if (!('list' in result)) throw new Error(result.error);
    const pasted = result.list[1];
    expect(pasted).toEqual(copied);
    expect(pasted).not.toBe(copied);
    expect(pasted?.traceArray[0]).not.toBe(copied.traceArray[0]);
    expect(pasted?.traceArray[0]?.lineArray[0]).not.toBe(copied.traceArray[0]?.lineArray[0]);
  });

  it('asks for a copy first, then for a selection', () => {
    expect(pasteAlignment(listOf('a'), undefined, 0)).toEqual({ error: MSG.copyAlignmentFirst });
    expect(pasteAlignment(listOf('a'), undefined, undefined)).toEqual({ error: MSG.copyAlignmentFirst });
    expect(pasteAlignment(listOf('a'), copied, undefined)).toEqual({ error: MSG.noAlignmentSelected });
    expect(pasteAlignment(listOf('a'), copied, 1)).toEqual({ error: MSG.noAlignmentSelected });
    expect(pasteAlignment([], copied, 0)).toEqual({ error: MSG.noAlignmentSelected });
  });

  it('refuses a tenth alignment, and pastes the ninth', () => {
    expect(pasteAlignment(nine(), copied, 8)).toEqual({ error: MSG.upTo9Alignments });
    const result = pasteAlignment(nine().slice(1), copied, 7);
    expect('list' in result && result.list).toHaveLength(9);
  });
});

describe('removeAlignment', () => {
  it('selects the previous alignment, or the first', () => {
    expect(removeAlignment(listOf('a', 'b', 'c'), 2)).toEqual({ list: listOf('a', 'b'), selectedIndex: 1 });
    expect(removeAlignment(listOf('a', 'b', 'c'), 1)).toEqual({ list: listOf('a', 'c'), selectedIndex: 0 });
    expect(removeAlignment(listOf('a', 'b', 'c'), 0)).toEqual({ list: listOf('b', 'c'), selectedIndex: 0 });
  });

  it('selects nothing once the list is empty', () => {
    expect(removeAlignment(listOf('a'), 0)).toEqual({ list: [], selectedIndex: undefined });
  });

  it('keeps the list and a valid selection for a stale index', () => {
    expect(removeAlignment(listOf('a', 'b'), 5)).toEqual({ list: listOf('a', 'b'), selectedIndex: 1 });
  });
});

describe('the alignment count', () => {
  const op = fc.oneof(
    fc.constant({ kind: 'add' as const, index: 0 }),
    fc.record({ kind: fc.constant('paste' as const), index: fc.integer({ min: -1, max: 9 }) }),
    fc.record({ kind: fc.constant('remove' as const), index: fc.integer({ min: -1, max: 9 }) }),
  );

  it('never exceeds 9 whatever is added, pasted or removed', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        let list: Alignment[] = [];
        for (const o of ops) {
          const r =
            o.kind === 'add'
              ? addAlignment(list)
              : o.kind === 'paste'
                ? pasteAlignment(list, titled('c'), o.index)
                : removeAlignment(list, o.index);
          if ('list' in r) list = r.list;
          expect(list.length).toBeLessThanOrEqual(LIMITS.alignmentsPerStep);
        }
      }),
    );
  });
});

describe('alignmentsAfterCalibrationChange', () => {
  const alignment: Alignment = {
    ...defaultAlignment(),
    calId: 1,
    traceArray: [trace('S11', DisplayFormat.Swr), trace('S21'), trace('S12', DisplayFormat.Phase)],
  };

  it('binds the new calibration and keeps the S parameters it still offers', () => {
    const after = alignmentsAfterCalibrationChange(alignment, defaultCalibration(2, 2, '1-2'));
    expect(after.calId).toBe(2);
    expect(after.traceArray.map((t) => [t.sParam, t.df])).toEqual([
      ['S11', DisplayFormat.Swr],
      ['S21', DisplayFormat.LogMag],
      ['S12', DisplayFormat.Phase],
    ]);
  });

  it('clears the S parameters a Thru does not offer, and the SWR format with them', () => {
    const after = alignmentsAfterCalibrationChange(alignment, defaultCalibration(3, THRU, '1-2'));
    expect(after.traceArray.map((t) => [t.sParam, t.df])).toEqual([
      ['', DisplayFormat.LogMag],
      ['S21', DisplayFormat.LogMag],
      ['S12', DisplayFormat.Phase],
    ]);
  });

  it('clears every S parameter when the calibration is gone', () => {
    const after = alignmentsAfterCalibrationChange(alignment, undefined);
    expect(after.calId).toBe(NO_ID);
    expect(after.traceArray.map((t) => t.sParam)).toEqual(['', '', '']);
    expect(alignment.traceArray.map((t) => t.sParam)).toEqual(['S11', 'S21', 'S12']);
  });

  it('keeps the other alignment fields and the active trace', () => {
    const active = { ...alignment, title: 'T', traceArray: [{ ...trace('S11'), isActive: true }] };
    const after = alignmentsAfterCalibrationChange(active, defaultCalibration(4, 1, '3'));
    expect(after).toMatchObject({ title: 'T', traceArray: [{ isActive: true, sParam: '' }] });
  });
});

describe('copyAlignment', () => {
  it('copies equal but separate traces', () => {
    const a = { ...defaultAlignment(), traceArray: [trace('S21')] };
    const copy = copyAlignment(a);
    expect(copy).toEqual(a);
    expect(copy.traceArray).not.toBe(a.traceArray);
  });
});
