import {
  ActionId,
  calibrationConnections,
  calibrationCoverageWarnings,
  isTransmission,
} from '@sweepline/domain';
import { DEMO_PRODUCTS } from './demo-products';
import { buildSteps, calibrationOf } from './tests';

/** Every demo test built as the seed saves it (ids 1, 2, … in order). */
const built = DEMO_PRODUCTS.flatMap((product) =>
  product.tests.map((test) => ({
    name: `${product.name} / ${test.name}`,
    test,
    steps: buildSteps(
      test,
      product,
      test.steps.map((_, i) => i + 1),
    ),
  })),
);
const sParamsOf = (steps: (typeof built)[number]['steps']) =>
  steps.map((s) => (s.param as { sParam?: string }).sParam).filter((p): p is string => !!p);

describe('the demo products as an RF engineer sets them up (issue 38)', () => {
  it("calibrates no port a test's steps do not measure: no editor warning", () => {
    for (const { name, test, steps } of built)
      expect([name, calibrationCoverageWarnings(steps, [calibrationOf(test)])]).toEqual([name, []]);
  });

  it("calibrates ANT-900's match, S11 alone, with a 1-port calibration: 3 connections", () => {
    const match = built.find((b) => b.name === 'ANT-900 / Match')!;
    expect(new Set(sParamsOf(match.steps))).toEqual(new Set(['S11']));
    expect(calibrationOf(match.test)).toMatchObject({ type: 1, ports: '1' });
    expect(calibrationConnections(calibrationOf(match.test).type)).toBe(3);
  });

  it('measures transmission forward, S21, never S12', () => {
    const transmission = built.flatMap((b) => sParamsOf(b.steps).filter(isTransmission));
    expect(transmission.length).toBeGreaterThan(10);
    expect(new Set(transmission)).toEqual(new Set(['S21']));
    const il = built.find((b) => b.name === 'BPF-600 / Pass band')!.steps[3]!;
    expect(il.name).toBe('Insertion Loss Max - S21 (500 - 700 MHz)');
  });

  it('asks the operator to connect the unit after the calibration, before the first measurement', () => {
    for (const { name, steps } of built) {
      const first = steps.findIndex(
        (s) => (s.param as { calId?: number }).calId !== undefined || s.actionId === ActionId.Align,
      );
      if (first < 0) continue;
      const prompt = steps.slice(0, first).find((s) => s.actionId === ActionId.Prompt);
      expect([name, (prompt?.param as { value?: string } | undefined)?.value]).toEqual([
        name,
        expect.stringMatching(/^Connect /),
      ]);
    }
  });
});
