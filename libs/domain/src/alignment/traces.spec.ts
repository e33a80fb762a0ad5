import fc from 'fast-check';
import { LIMITS } from '../limits/limits';
import { MSG } from '../limits/messages';
import { defaultLimitLine, defaultTrace } from '../params/defaults';
import type { Trace } from '../params/params.types';
import { DisplayFormat } from '../params/params.types';
import {
  activateTrace,
  addLimitLine,
  addMarker,
  addTrace,
  allowedDisplayFormats,
  copyTrace,
  normalizeActiveTrace,
  removeLimitLine,
  removeMarker,
  removeTrace,
  setTraceSParam,
} from './traces';

const named = (name: string, isActive = false): Trace => ({ ...defaultTrace(isActive), name });
const actives = (traces: readonly Trace[]) => traces.map((t) => t.isActive);
const traceWith = (lines: number, markers: number): Trace => ({
  ...defaultTrace(),
  lineArray: Array.from({ length: lines }, () => defaultLimitLine('MIN')),
  markerArray: Array.from({ length: markers }, (_, i) => ({ freq_MHz: i })),
});

describe('normalizeActiveTrace', () => {
  it('makes the first trace active when none is', () => {
    expect(actives(normalizeActiveTrace([named('a'), named('b')]))).toEqual([true, false]);
  });

  it('keeps only the first active trace when several are', () => {
    expect(actives(normalizeActiveTrace([named('a'), named('b', true), named('c', true)]))).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('leaves an empty list empty and does not mutate its input', () => {
    expect(normalizeActiveTrace([])).toEqual([]);
    const input = [named('a'), named('b')];
    normalizeActiveTrace(input);
    expect(actives(input)).toEqual([false, false]);
  });

  it('keeps the same object for a trace whose flag is already right', () => {
    const b = named('b', true);
    expect(normalizeActiveTrace([named('a'), b])[1]).toBe(b);
  });
});

describe('activateTrace', () => {
  it('activates one trace and deactivates the others', () => {
    expect(actives(activateTrace([named('a', true), named('b'), named('c')], 2))).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('only normalizes for a stale index', () => {
    expect(actives(activateTrace([named('a'), named('b')], 5))).toEqual([true, false]);
    expect(activateTrace([], 0)).toEqual([]);
  });
});

describe('addTrace and removeTrace', () => {
  it('makes the first added trace active and later ones inactive', () => {
    const first = addTrace([]);
    if (!('traces' in first)) throw new Error('refused');
    expect(first.traces).toEqual([defaultTrace(true)]);
    const second = addTrace(first.traces);
    expect('traces' in second && actives(second.traces)).toEqual([true, false]);
  });

  it(`accepts the ${LIMITS.tracesPerAlignment}th trace and refuses the next`, () => {
    const eight = Array.from({ length: 8 }, (_, i) => named(String(i), i === 0));
    const nine = addTrace(eight);
    expect('traces' in nine && nine.traces).toHaveLength(9);
    if ('traces' in nine) expect(addTrace(nine.traces)).toEqual({ error: MSG.upTo9SParameters });
  });

  it('hands the activity to the first remaining trace when the active one goes', () => {
    expect(actives(removeTrace([named('a'), named('b', true), named('c')], 1))).toEqual([true, false]);
    expect(removeTrace([named('a', true)], 0)).toEqual([]);
  });

  it('keeps the active trace when another goes', () => {
    const left = removeTrace([named('a'), named('b'), named('c', true)], 0);
    expect(left.map((t) => [t.name, t.isActive])).toEqual([
      ['b', false],
      ['c', true],
    ]);
  });
});

describe('display formats', () => {
  const basic = [DisplayFormat.LogMag, DisplayFormat.Phase, DisplayFormat.GroupDelay];

  it('offers SWR only for a reflection', () => {
    expect(allowedDisplayFormats('S22')).toEqual([...basic, DisplayFormat.Swr]);
    expect(allowedDisplayFormats('S21')).toEqual(basic);
    expect(allowedDisplayFormats('')).toEqual(basic);
  });

  it('falls back to Log Mag when a transmission replaces a reflection shown as SWR', () => {
    const swr = { ...defaultTrace(), sParam: 'S11', df: DisplayFormat.Swr };
    expect(setTraceSParam(swr, 'S21')).toMatchObject({ sParam: 'S21', df: DisplayFormat.LogMag });
    expect(setTraceSParam(swr, 'S33')).toMatchObject({ sParam: 'S33', df: DisplayFormat.Swr });
    expect(setTraceSParam(swr, '')).toMatchObject({ sParam: '', df: DisplayFormat.LogMag });
    expect(swr.sParam).toBe('S11');
  });

  it('keeps a format every S parameter allows', () => {
    const phase = { ...defaultTrace(), sParam: 'S11', df: DisplayFormat.Phase };
    expect(setTraceSParam(phase, 'S12').df).toBe(DisplayFormat.Phase);
  });
});

describe('limit lines and markers', () => {
  it.each([
    ['limit line', addLimitLine, 'lineArray', MSG.upTo9LimitLines, LIMITS.linesPerTrace],
    ['marker', addMarker, 'markerArray', MSG.upTo9Markers, LIMITS.markersPerTrace],
  ] as const)('adds up to 9 of a %s', (_, add, key, error, max) => {
    const almost = key === 'lineArray' ? traceWith(max - 1, 0) : traceWith(0, max - 1);
    const full = add(almost);
    if (!('trace' in full)) throw new Error('refused');
    expect(full.trace[key]).toHaveLength(max);
    expect(almost[key]).toHaveLength(max - 1);
    expect(add(full.trace)).toEqual({ error });
  });

  it('adds a default MAX line and an empty marker', () => {
    expect(addLimitLine(defaultTrace())).toMatchObject({ trace: { lineArray: [{ type: 'MAX' }] } });
    expect(addMarker(defaultTrace())).toMatchObject({ trace: { markerArray: [{ freq_MHz: null }] } });
  });

  it('removes the chosen line or marker', () => {
    const trace = traceWith(2, 3);
    expect(removeLimitLine(trace, 0).lineArray).toHaveLength(1);
    expect(removeMarker(trace, 1).markerArray.map((m) => m.freq_MHz)).toEqual([0, 2]);
    expect(trace.markerArray).toHaveLength(3);
  });
});

describe('copyTrace', () => {
  it('shares no lines or markers with the original', () => {
    const trace = traceWith(1, 1);
    const copy = copyTrace(trace);
    expect(copy).toEqual(trace);
    expect(copy.lineArray[0]).not.toBe(trace.lineArray[0]);
    expect(copy.markerArray[0]).not.toBe(trace.markerArray[0]);
  });
});

type Op =
  | { kind: 'add' }
  | { kind: 'remove' | 'activate'; index: number }
  | { kind: 'sParam'; index: number; sParam: string };

describe('the one-active-trace invariant', () => {
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.constant({ kind: 'add' as const }),
    fc.record({ kind: fc.constant('remove' as const), index: fc.integer({ min: -1, max: 10 }) }),
    fc.record({ kind: fc.constant('activate' as const), index: fc.integer({ min: -1, max: 10 }) }),
    fc.record({
      kind: fc.constant('sParam' as const),
      index: fc.integer({ min: 0, max: 9 }),
      sParam: fc.constantFrom('', 'S11', 'S21', 'S44', 'S34'),
    }),
  );

  function apply(traces: Trace[], o: Op): Trace[] {
    switch (o.kind) {
      case 'add': {
        const result = addTrace(traces);
        return 'traces' in result ? result.traces : traces;
      }
      case 'remove':
        return removeTrace(traces, o.index);
      case 'activate':
        return activateTrace(traces, o.index);
      case 'sParam':
        return traces.map((t, i) => (i === o.index ? setTraceSParam(t, o.sParam) : t));
    }
  }

  it('holds after any sequence of edits, and the count stays within 9', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        let traces: Trace[] = [];
        for (const o of ops) {
          traces = apply(traces, o);
          expect(traces.length).toBeLessThanOrEqual(LIMITS.tracesPerAlignment);
          if (traces.length > 0) expect(traces.filter((t) => t.isActive)).toHaveLength(1);
        }
      }),
    );
  });

  it('normalizing any list leaves exactly one active trace', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 9 }), (flags) => {
        const traces = normalizeActiveTrace(flags.map((f, i) => named(String(i), f)));
        expect(traces.filter((t) => t.isActive)).toHaveLength(1);
      }),
    );
  });
});
