import type { ParamKind } from '../catalogue/catalogue';
import { ACTIONS, ActionId, InstrumentId } from '../catalogue/catalogue';
import {
  DEFAULTS,
  defaultAlignment,
  defaultCalibration,
  defaultChoiceOption,
  defaultGating,
  defaultLimitLine,
  defaultMarker,
  defaultParam,
  defaultParamOfKind,
  defaultTrace,
  paramAfterTypeChange,
} from './defaults';
import type {
  AlignParam,
  GatingFields,
  GeneralNaParam,
  MultipleChoiceParam,
  ParamByKind,
  PimCommonParam,
} from './params.types';
import { DisplayFormat, NO_ID } from './params.types';

const gating: GatingFields = {
  isGating: false,
  gatingType: 'Bandpass',
  gatingShape: 'Normal',
  gatingStart_ns: 0,
  gatingStop_ns: 10,
};
const pimCommon: PimCommonParam = {
  title: '',
  upper: null,
  lower: null,
  unit: 'dBm',
  powerOutput: 43,
  powerOffset: 0,
  imOrder: 'IM3L',
  mode: 'refl',
  isReportScreen: false,
};
const naCommon: Pick<GeneralNaParam, 'calId' | 'average' | 'smooth' | 'isReportScreen' | 'refPos'> &
  GatingFields = { calId: NO_ID, average: 1, smooth: 0, ...gating, isReportScreen: false, refPos: 5 };

/** docs/requirements/step-parameters.md#defaults-on-type-change, written out field by field. */
const expected: { [K in ParamKind]: ParamByKind[K] } = {
  text: { value: '' },
  delay: { value: 0 },
  manual: { title: '', question: '', upper: 0, lower: 0, unit: '' },
  question: { title: '', question: '', answer: 'yes' },
  multipleChoice: {
    title: '',
    question: '',
    optionArray: [
      { checked: false, text: '' },
      { checked: false, text: '' },
    ],
  },
  general: {
    title: '',
    upper: null,
    lower: null,
    sParam: '',
    startFreq_MHz: null,
    stopFreq_MHz: null,
    freq_MHz: null,
    spanFreq_MHz: 1,
    bindStepId: NO_ID,
    ...naCommon,
  },
  cable: {
    title: '',
    port12MeasType: 'SWR',
    port1Limit: null,
    port2Limit: null,
    transLossLimit_dB: null,
    startFreq_MHz: null,
    stopFreq_MHz: null,
    ...naCommon,
  },
  align: { channelArray: [] },
  diff: { title: '', upper: null, lower: 0, stepId1: NO_ID, stepId2: NO_ID },
  snp: { value: '' },
  pimFix: { ...pimCommon, fix1_MHz: null, fix2_MHz: null, fixTime_sec: 30 },
  pimSweep: {
    ...pimCommon,
    sweep1Start_MHz: null,
    sweep1Stop_MHz: null,
    sweep2Start_MHz: null,
    sweep2Stop_MHz: null,
    sweepStep_MHz: 0.5,
    sweepCount: 3,
  },
};

describe('DEFAULTS', () => {
  it('holds the defaults of docs/requirements/step-parameters.md#defaults-on-type-change, docs/requirements/test-editor.md#limits', () => {
    expect(DEFAULTS).toMatchObject({
      calFreqPoints: 1601,
      calPower_dBm: 0,
      calIFBW_Hz: 1000,
      calSmoothing: 0,
      alignIFBW_Hz: 30000,
      traceScale: 10,
      traceRefValue: 0,
      traceRefPosition: 10,
      refPos: 5,
      pimPowerOutput: 43,
      fixTime_sec: 30,
      sweepStep_MHz: 0.5,
      sweepCount: 3,
    });
  });
});

describe('defaultParamOfKind and defaultParam', () => {
  it.each(Object.keys(expected) as ParamKind[])('builds the %s defaults', (kind) => {
    expect(defaultParamOfKind(kind)).toEqual(expected[kind]);
  });

  it('gives every action the defaults of its param kind', () => {
    for (const a of ACTIONS) expect(defaultParam(a.id)).toEqual(expected[a.paramKind]);
  });

  it('throws for an action outside the catalogue', () => {
    expect(() => defaultParam(999 as ActionId)).toThrow('Unknown action id 999');
  });

  it('returns a fresh object each call, so editing one leaves the next untouched', () => {
    for (const a of ACTIONS) {
      const first = defaultParam(a.id);
      expect(defaultParam(a.id)).not.toBe(first);
      (first as unknown as Record<string, unknown>)['title'] = 'edited';
    }
    const choice = defaultParam(ActionId.MultipleChoice) as MultipleChoiceParam;
    choice.optionArray.push(defaultChoiceOption());
    (choice.optionArray[0] ?? defaultChoiceOption()).checked = true;
    expect(defaultParam(ActionId.MultipleChoice)).toEqual(expected.multipleChoice);
    (defaultParam(ActionId.Align) as AlignParam).channelArray.push(defaultAlignment());
    expect(defaultParam(ActionId.Align)).toEqual({ channelArray: [] });
    for (const a of ACTIONS) expect(defaultParam(a.id)).toEqual(expected[a.paramKind]);
  });
});

describe('paramAfterTypeChange', () => {
  const edited = { ...defaultParam(ActionId.InsertionLossMax), title: 'edited' };
  const before = {
    instrumentId: InstrumentId.NetworkAnalyzer,
    actionId: ActionId.InsertionLossMax,
    param: edited,
  };

  it('keeps the param itself when instrument and action stay the same', () => {
    expect(
      paramAfterTypeChange(before, { instrumentId: before.instrumentId, actionId: before.actionId }),
    ).toBe(edited);
  });

  it('resets to the new action defaults when the action changes', () => {
    const after = { instrumentId: InstrumentId.NetworkAnalyzer, actionId: ActionId.InsertionLossMin };
    expect(paramAfterTypeChange(before, after)).toEqual(expected.general);
    const diff = { instrumentId: InstrumentId.NetworkAnalyzer, actionId: ActionId.Diff };
    expect(paramAfterTypeChange(before, diff)).toEqual(expected.diff);
  });

  it('resets to the new action defaults when the instrument changes', () => {
    const after = { instrumentId: InstrumentId.PimAnalyzer, actionId: ActionId.PimSweptTone };
    expect(paramAfterTypeChange(before, after)).toEqual(expected.pimSweep);
  });

  it('throws for an action that does not belong to the instrument', () => {
    const after = { instrumentId: InstrumentId.Common, actionId: ActionId.InsertionLossMax };
    expect(() => paramAfterTypeChange(before, after)).toThrow(
      `Action ${ActionId.InsertionLossMax} is not an action of instrument ${InstrumentId.Common}`,
    );
  });
});

describe('nested defaults', () => {
  it('builds an alignment with IFBW 30000, 10 divisions and no traces', () => {
    expect(defaultAlignment()).toEqual({
      title: '',
      calId: NO_ID,
      IFBW_Hz: 30000,
      average: 1,
      isShowFreq: true,
      div: 10,
      fileName: '',
      isActiveMarker: false,
      ...gating,
      traceArray: [],
    });
  });

  it('builds a Log Mag trace with scale 10 and reference position 10, inactive unless asked', () => {
    expect(defaultTrace()).toEqual({
      name: '',
      isActive: false,
      sParam: '',
      df: DisplayFormat.LogMag,
      scale: 10,
      refValue: 0,
      refPosition: 10,
      lineArray: [],
      markerArray: [],
    });
    expect(defaultTrace(true).isActive).toBe(true);
  });

  it('builds empty limit lines (MAX unless asked), markers, options and gating', () => {
    const empty = { startFreq_MHz: null, stopFreq_MHz: null, startValue: null, stopValue: null };
    expect(defaultLimitLine()).toEqual({ type: 'MAX', ...empty });
    expect(defaultLimitLine('MIN')).toEqual({ type: 'MIN', ...empty });
    expect(defaultMarker()).toEqual({ freq_MHz: null });
    expect(defaultChoiceOption()).toEqual({ checked: false, text: '' });
    expect(defaultGating()).toEqual(gating);
  });

  it('builds a calibration with 1601 points, 0 dBm, IFBW 1000 and no smoothing', () => {
    expect(defaultCalibration(3, 2, '1-3')).toEqual({
      id: 3,
      type: 2,
      ports: '1-3',
      startFreq_MHz: null,
      stopFreq_MHz: null,
      freqPoints: 1601,
      power_dBm: 0,
      IFBW_Hz: 1000,
      smoothing: 0,
    });
  });

  it('returns fresh nested objects each call', () => {
    expect(defaultAlignment().traceArray).not.toBe(defaultAlignment().traceArray);
    expect(defaultTrace().lineArray).not.toBe(defaultTrace().lineArray);
    expect(defaultGating()).not.toBe(defaultGating());
  });
});
