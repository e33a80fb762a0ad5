import fc from 'fast-check';
import { besselI0, GATE_SHAPES, kaiser, kaiserStep, kaiserWindow } from './kaiser';

describe('besselI0 and the Kaiser window', () => {
  it('match scipy.special.i0 and numpy.kaiser', () => {
    expect(besselI0(0)).toBe(1);
    expect(besselI0(1)).toBeCloseTo(1.2660658777520082, 14);
    expect(besselI0(6) / 67.23440697647797).toBeCloseTo(1, 14);
    expect(besselI0(13) / 49444.489582217575).toBeCloseTo(1, 14);
    const w = kaiserWindow(5, 6);
    [0.01487334, 0.48295561, 1, 0.48295561, 0.01487334].forEach((v, i) => expect(w[i]).toBeCloseTo(v, 8));
    expect(kaiserWindow(4, 13)[0]).toBeCloseTo(2.02247006e-5, 12);
    expect(Array.from(kaiserWindow(1, 6))).toEqual([1]);
    expect(Array.from(kaiserWindow(3, 0))).toEqual([1, 1, 1]);
    expect(kaiser(1.5, 6)).toBe(0);
  });
});

describe('kaiserStep', () => {
  it('rises from 0 at −1 through ½ at 0 to 1 at 1, for every gate shape', () => {
    for (const { beta } of Object.values(GATE_SHAPES)) {
      expect(kaiserStep(-1, beta)).toBe(0);
      expect(kaiserStep(0, beta)).toBeCloseTo(0.5, 12);
      expect(kaiserStep(1, beta)).toBe(1);
      expect(kaiserStep(-0.5, beta) + kaiserStep(0.5, beta)).toBeCloseTo(1, 12);
    }
    expect(kaiserStep(0.5, 0)).toBeCloseTo(0.75, 12);
  });

  it('never falls (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1.2, max: 1.2, noNaN: true }),
        fc.double({ min: 0, max: 0.2, noNaN: true }),
        (u, d) => {
          expect(kaiserStep(u + d, 9)).toBeGreaterThanOrEqual(kaiserStep(u, 9));
        },
      ),
    );
  });
});
