import { ACTIONS, ActionId, InstrumentId } from '../catalogue/catalogue';
import { defaultParamOfKind } from '../params/defaults';
import type { GeneralNaParam } from '../params/params.types';
import { GENERAL_MEASURING_ACTIONS, measureGeneral, traceFormatOf } from './measure';
import { flatTrace, linearFreqs } from './synthetic';
import { TraceError } from './trace-error';

const param: GeneralNaParam = {
  ...defaultParamOfKind('general'),
  startFreq_MHz: 800,
  stopFreq_MHz: 900,
  freq_MHz: 850,
  spanFreq_MHz: 10,
};
const trace = flatTrace(linearFreqs(800e6, 900e6, 101), -3);
const depending = { trace: flatTrace(trace.freqs_Hz as number[], -1), param };

describe('measureGeneral', () => {
  it('covers every NA action with the general param', () => {
    const general = ACTIONS.filter(
      (a) => a.instrumentId === InstrumentId.NetworkAnalyzer && a.paramKind === 'general',
    );
    expect([...GENERAL_MEASURING_ACTIONS].sort()).toEqual(general.map((a) => a.id).sort());
  });

  it('measures every one of them from a trace of its format', () => {
    for (const id of GENERAL_MEASURING_ACTIONS) {
      const m = measureGeneral(id, { trace, param, depending });
      expect(Number.isFinite(m.value)).toBe(true);
      expect(m.result).toBe(1);
    }
  });

  it('dispatches to the right definition', () => {
    expect(measureGeneral(ActionId.InsertionLossMax, { trace, param }).value).toBe(3);
    expect(measureGeneral(ActionId.GainMin, { trace, param }).value).toBe(-3);
    expect(measureGeneral(ActionId.Rejection, { trace, param, depending }).value).toBe(2);
    expect(
      measureGeneral(ActionId.Rejection, { trace, param, depending, referenceMode: 'average' }).value,
    ).toBe(2);
    expect(measureGeneral(ActionId.Phase, { trace, param }).value).toBe(-3);
  });

  it('carries a warning, not a failure, when the gate is narrower than its shape minimum', () => {
    // 100 MHz swept: the Normal minimum is 5.6 / 100 MHz = 56 ns; the default gate is 0-10 ns
    const gated = { ...param, isGating: true };
    const m = measureGeneral(ActionId.InsertionLossMax, { trace, param: gated });
    expect(m).toMatchObject({ value: 3, result: 1 });
    expect(m.warnings).toEqual([
      'Gate narrower than the Normal minimum of 56 ns: the gated trace is distorted',
    ]);
    const wide = { ...gated, gatingStart_ns: -30, gatingStop_ns: 30 };
    expect(measureGeneral(ActionId.InsertionLossMax, { trace, param: wide }).warnings).toBeUndefined();
    expect(measureGeneral(ActionId.InsertionLossMax, { trace, param }).warnings).toBeUndefined();
  });

  it('refuses a relative action without its depending trace, and other actions', () => {
    expect(() => measureGeneral(ActionId.CouplerMax, { trace, param })).toThrow(
      new TraceError('param', 'Coupler Max needs the trace of its depending step'),
    );
    expect(() => measureGeneral(ActionId.Cable, { trace, param })).toThrow(
      'is not measured from a general NA trace',
    );
  });
});

describe('traceFormatOf', () => {
  it('asks for phase for delay and phase actions and Log Mag for the rest', () => {
    expect(traceFormatOf(ActionId.GroupDelayVariationCross)).toBe('phase');
    expect(traceFormatOf(ActionId.PhaseMin)).toBe('phase');
    expect(traceFormatOf(ActionId.Swr)).toBe('logMag');
    expect(traceFormatOf(ActionId.CouplerVariation)).toBe('logMag');
    expect(traceFormatOf(ActionId.Align)).toBeUndefined();
  });
});
