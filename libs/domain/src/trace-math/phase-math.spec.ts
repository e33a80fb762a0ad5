import fc from 'fast-check';
import { phaseAt, unwrapPhase, wrapPhase } from './phase-math';
import { TraceError } from './trace-error';

describe('wrapPhase', () => {
  it('maps into (−180°, 180°], keeping +180 and turning −180 into +180', () => {
    expect(wrapPhase(180)).toBe(180);
    expect(wrapPhase(-180)).toBe(180);
    expect(wrapPhase(190)).toBe(-170);
    expect(wrapPhase(-190)).toBe(170);
    expect(wrapPhase(540)).toBe(180);
    expect(wrapPhase(0)).toBe(0);
  });

  it('stays in range and changes the angle by whole turns (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (deg) => {
        const w = wrapPhase(deg);
        expect(w).toBeGreaterThan(-180);
        expect(w).toBeLessThanOrEqual(180);
        const turns = (deg - w) / 360;
        expect(Math.abs(turns - Math.round(turns))).toBeLessThan(1e-9);
      }),
    );
  });
});

describe('unwrapPhase', () => {
  it('undoes wrapping when neighbours differ by less than 180° (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -170, max: 170, noNaN: true }),
        fc.array(fc.double({ min: -179, max: 179, noNaN: true }), { maxLength: 40 }),
        (start, steps) => {
          const truth = steps.reduce((acc, s) => [...acc, acc[acc.length - 1]! + s], [start]);
          const unwrapped = unwrapPhase(truth.map(wrapPhase));
          truth.forEach((t, i) => expect(unwrapped[i]).toBeCloseTo(t, 6));
        },
      ),
    );
  });

  it('reads a step of exactly 180° as a fall (a positive delay)', () => {
    expect(Array.from(unwrapPhase([0, 180, 0]))).toEqual([0, -180, -360]);
    expect(unwrapPhase([])).toHaveLength(0);
  });
});

describe('phaseAt', () => {
  const trace = { freqs_Hz: [100, 200, 300], values: [170, -170, -150] };

  it('returns a measured point as is, wrapped', () => {
    expect(phaseAt(trace, 200)).toBe(-170);
    expect(phaseAt({ freqs_Hz: [1], values: [-180] }, 1)).toBe(180);
  });

  it('interpolates on the unwrapped phase across the ±180° jump', () => {
    expect(phaseAt(trace, 150)).toBeCloseTo(180, 12);
    expect(phaseAt(trace, 125)).toBeCloseTo(175, 12);
    expect(phaseAt(trace, 175)).toBeCloseTo(-175, 12);
    expect(phaseAt(trace, 250)).toBeCloseTo(-160, 12);
  });

  it('refuses frequencies outside the trace', () => {
    expect(() => phaseAt(trace, 99)).toThrow(TraceError);
    expect(() => phaseAt(trace, 301)).toThrow('lies outside the measured');
  });
});
