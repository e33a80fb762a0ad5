import type { ActionId, InstrumentId, ParamKind } from '../catalogue/catalogue';
import { getAction, isKnownAction } from '../catalogue/catalogue';
import type {
  Alignment,
  ChoiceOption,
  GatingFields,
  LimitLine,
  Marker,
  ParamByKind,
  PimCommonParam,
  StepParam,
  Trace,
} from './params.types';
import { NO_ID, DisplayFormat } from './params.types';
import type { Calibration } from '../calibration/calibration.types';

/** Defaults of docs/requirements/step-parameters.md#defaults-on-type-change, docs/requirements/test-editor.md#limits. */
export const DEFAULTS = {
  calFreqPoints: 1601,
  calPower_dBm: 0,
  calIFBW_Hz: 1000,
  calSmoothing: 0,
  alignIFBW_Hz: 30000,
  alignDiv: 10,
  traceScale: 10,
  traceRefValue: 0,
  traceRefPosition: 10,
  refPos: 5,
  spanFreq_MHz: 1,
  gatingStart_ns: 0,
  gatingStop_ns: 10,
  pimPowerOutput: 43,
  pimPowerOffset: 0,
  fixTime_sec: 30,
  sweepStep_MHz: 0.5,
  sweepCount: 3,
  delay_s: 0,
} as const;

export function defaultGating(): GatingFields {
  return {
    isGating: false,
    gatingType: 'Bandpass',
    gatingShape: 'Normal',
    gatingStart_ns: DEFAULTS.gatingStart_ns,
    gatingStop_ns: DEFAULTS.gatingStop_ns,
  };
}

function defaultPimCommon(): PimCommonParam {
  return {
    title: '',
    upper: null,
    lower: null,
    unit: 'dBm',
    powerOutput: DEFAULTS.pimPowerOutput,
    powerOffset: DEFAULTS.pimPowerOffset,
    imOrder: 'IM3L',
    mode: 'refl',
    isReportScreen: false,
  };
}

export function defaultChoiceOption(): ChoiceOption {
  return { checked: false, text: '' };
}

const builders: { [K in ParamKind]: () => ParamByKind[K] } = {
  text: () => ({ value: '' }),
  delay: () => ({ value: DEFAULTS.delay_s }),
  manual: () => ({ title: '', question: '', upper: 0, lower: 0, unit: '' }),
  question: () => ({ title: '', question: '', answer: 'yes' }),
  multipleChoice: () => ({
    title: '',
    question: '',
    optionArray: [defaultChoiceOption(), defaultChoiceOption()],
  }),
  general: () => ({
    title: '',
    upper: null,
    lower: null,
    sParam: '',
    startFreq_MHz: null,
    stopFreq_MHz: null,
    freq_MHz: null,
    spanFreq_MHz: DEFAULTS.spanFreq_MHz,
    calId: NO_ID,
    bindStepId: NO_ID,
    average: 1,
    smooth: 0,
    ...defaultGating(),
    isReportScreen: false,
    refPos: DEFAULTS.refPos,
  }),
  cable: () => ({
    title: '',
    port12MeasType: 'SWR',
    port1Limit: null,
    port2Limit: null,
    transLossLimit_dB: null,
    startFreq_MHz: null,
    stopFreq_MHz: null,
    calId: NO_ID,
    average: 1,
    smooth: 0,
    ...defaultGating(),
    isReportScreen: false,
    refPos: DEFAULTS.refPos,
  }),
  // docs/requirements/step-parameters.md#alignment-check: a new Align step has an empty channelArray
  align: () => ({ channelArray: [] }),
  diff: () => ({ title: '', upper: null, lower: 0, stepId1: NO_ID, stepId2: NO_ID }),
  snp: () => ({ value: '' }),
  pimFix: () => ({
    ...defaultPimCommon(),
    fix1_MHz: null,
    fix2_MHz: null,
    fixTime_sec: DEFAULTS.fixTime_sec,
  }),
  pimSweep: () => ({
    ...defaultPimCommon(),
    sweep1Start_MHz: null,
    sweep1Stop_MHz: null,
    sweep2Start_MHz: null,
    sweep2Stop_MHz: null,
    sweepStep_MHz: DEFAULTS.sweepStep_MHz,
    sweepCount: DEFAULTS.sweepCount,
  }),
};

/** A fresh parameter object of the kind's defaults. */
export function defaultParamOfKind<K extends ParamKind>(kind: K): ParamByKind[K] {
  return builders[kind]();
}

/**
 * The default param of an action: what a new step gets, and what an edited step's param resets
 * to when its instrument or action changes (docs/requirements/step-parameters.md#defaults-on-type-change).
 */
export function defaultParam(actionId: ActionId): StepParam {
  return defaultParamOfKind(getAction(actionId).paramKind);
}

/**
 * The param a step keeps after an edit: unchanged when instrument and action stay the same,
 * the new action's defaults otherwise.
 */
export function paramAfterTypeChange(
  before: { instrumentId: InstrumentId; actionId: ActionId; param: StepParam },
  after: { instrumentId: InstrumentId; actionId: ActionId },
): StepParam {
  if (!isKnownAction(after.instrumentId, after.actionId)) {
    throw new Error(`Action ${after.actionId} is not an action of instrument ${after.instrumentId}`);
  }
  const same = before.instrumentId === after.instrumentId && before.actionId === after.actionId;
  return same ? before.param : defaultParam(after.actionId);
}

export function defaultAlignment(): Alignment {
  return {
    title: '',
    calId: NO_ID,
    IFBW_Hz: DEFAULTS.alignIFBW_Hz,
    average: 1,
    isShowFreq: true,
    div: DEFAULTS.alignDiv,
    fileName: '',
    isActiveMarker: false,
    ...defaultGating(),
    traceArray: [],
  };
}

export function defaultTrace(isActive = false): Trace {
  return {
    name: '',
    isActive,
    sParam: '',
    df: DisplayFormat.LogMag,
    scale: DEFAULTS.traceScale,
    refValue: DEFAULTS.traceRefValue,
    refPosition: DEFAULTS.traceRefPosition,
    lineArray: [],
    markerArray: [],
  };
}

export function defaultLimitLine(type: LimitLine['type'] = 'MAX'): LimitLine {
  return { type, startFreq_MHz: null, stopFreq_MHz: null, startValue: null, stopValue: null };
}

export function defaultMarker(): Marker {
  return { freq_MHz: null };
}

/** A new calibration of the given type and ports, frequencies still to be entered. */
export function defaultCalibration(id: number, type: Calibration['type'], ports: string): Calibration {
  return {
    id,
    type,
    ports,
    startFreq_MHz: null,
    stopFreq_MHz: null,
    freqPoints: DEFAULTS.calFreqPoints,
    power_dBm: DEFAULTS.calPower_dBm,
    IFBW_Hz: DEFAULTS.calIFBW_Hz,
    smoothing: DEFAULTS.calSmoothing,
  };
}
