import { defaultParamOfKind } from '../params/defaults';
import type { ImOrder, PimFixParam } from '../params/params.types';
import { carrierPower, imFrequency, measurePim, pimTrace } from './pim';

const param = (p: Partial<PimFixParam> = {}): PimFixParam => ({ ...defaultParamOfKind('pimFix'), ...p });

describe('imFrequency', () => {
  it('follows (k+1)F1 − kF2 and (k+1)F2 − kF1 for every order', () => {
    const expected: Record<ImOrder, number> = {
      IM3L: 910, // 2·935 − 960
      IM3H: 985,
      IM5L: 885,
      IM5H: 1010,
      IM7L: 860,
      IM7H: 1035,
      IM9L: 835,
      IM9H: 1060,
    };
    for (const [order, f] of Object.entries(expected)) {
      expect(imFrequency(order as ImOrder, 935e6, 960e6)).toBe(f * 1e6);
      expect(imFrequency(order as ImOrder, 960e6, 935e6)).toBe(f * 1e6);
    }
  });
});

describe('measurePim', () => {
  it('gives −153 dBc for −110 dBm at 2 × 43 dBm', () => {
    const m = measurePim(param({ unit: 'dBc', upper: -150 }), [{ pim_dBm: -110 }]);
    expect(m).toMatchObject({
      value: -153,
      unit: 'dBc',
      result: 1,
      pim_dBm: -110,
      pim_dBc: -153,
      carrier_dBm: 43,
    });
  });

  it('reports the worst (highest) reading in the step unit, with its IM frequency', () => {
    const readings = [
      { pim_dBm: -120, f1_Hz: 935e6, f2_Hz: 960e6 },
      { pim_dBm: -104, f1_Hz: 936e6, f2_Hz: 960e6 },
      { pim_dBm: -118, f1_Hz: 937e6, f2_Hz: 960e6 },
    ];
    expect(measurePim(param({ upper: -105 }), readings)).toMatchObject({
      value: -104,
      unit: 'dBm',
      result: 0,
      imFreq_Hz: 912e6,
    });
  });

  it('adds the power offset to the carrier', () => {
    expect(carrierPower({ powerOutput: 43, powerOffset: 0.5 })).toBe(43.5);
    expect(measurePim(param({ unit: 'dBc', powerOffset: 1 }), [{ pim_dBm: -110 }]).value).toBe(-154);
  });

  it('refuses no readings, a non-number, and dBc without a carrier power', () => {
    expect(() => measurePim(param(), [])).toThrow('The PIM test returned no reading');
    expect(() => measurePim(param(), [{ pim_dBm: NaN }])).toThrow('PIM reading 0 is not a finite number');
    expect(() => measurePim(param({ unit: 'dBc', powerOutput: null }), [{ pim_dBm: -110 }])).toThrow(
      'Power output is not set',
    );
    expect(measurePim(param({ powerOutput: null }), [{ pim_dBm: -110 }])).toMatchObject({
      pim_dBc: null,
      value: -110,
    });
  });
});

describe('pimTrace', () => {
  // a swept IM3L tone as the analyzer reads it: sweep 1 moves F1 up (F2 at 960 MHz), sweep 2
  // moves F2 down (F1 at 925 MHz), so the IM frequencies go 890, 900, 910, then 890, 895, 900
  const MHz = 1e6;
  const swept = [
    { f1_Hz: 925 * MHz, f2_Hz: 960 * MHz, pim_dBm: -120 },
    { f1_Hz: 930 * MHz, f2_Hz: 960 * MHz, pim_dBm: -121 },
    { f1_Hz: 935 * MHz, f2_Hz: 960 * MHz, pim_dBm: -122 },
    { f1_Hz: 925 * MHz, f2_Hz: 960 * MHz, pim_dBm: -123 },
    { f1_Hz: 925 * MHz, f2_Hz: 955 * MHz, pim_dBm: -124 },
    { f1_Hz: 925 * MHz, f2_Hz: 950 * MHz, pim_dBm: -125 },
  ];

  it('orders the readings by IM frequency, each keeping its own value, in the step unit', () => {
    expect(pimTrace(param({ unit: 'dBm', imOrder: 'IM3L' }), swept)).toEqual({
      freqs_MHz: [890, 890, 895, 900, 900, 910],
      values: [-120, -123, -124, -121, -125, -122],
    });
    const dBc = pimTrace(param({ unit: 'dBc', imOrder: 'IM3L', powerOutput: 43, powerOffset: 0 }), swept);
    expect(dBc.values).toEqual([-163, -166, -167, -164, -168, -165]);
  });

  it("takes the analyzer's own IM frequency when it gives one", () => {
    const readings = [
      { pim_dBm: -110, imFreq_Hz: 1010 * MHz },
      { pim_dBm: -111, imFreq_Hz: 985 * MHz },
    ];
    expect(pimTrace(param({ unit: 'dBm' }), readings)).toEqual({
      freqs_MHz: [985, 1010],
      values: [-111, -110],
    });
  });

  it('refuses readings without frequencies, and dBc without a carrier power', () => {
    expect(() => pimTrace(param({ unit: 'dBm' }), [{ pim_dBm: -110 }])).toThrow(
      'PIM reading 0 has no IM frequency',
    );
    expect(() => pimTrace(param({ unit: 'dBc', powerOutput: null }), swept)).toThrow(
      /Power output is not set/,
    );
  });
});
