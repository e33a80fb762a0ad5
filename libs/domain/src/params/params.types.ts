/**
 * Step parameter shapes of docs/requirements/step-parameters.md, with the spec's wire names. A number that the user
 * has not entered yet is null; -1 means "none" for ids (calId, bindStepId, stepId1/2).
 * They are type aliases, not interfaces, because a param is a plain JSON record: as aliases they
 * are assignable to `Record<string, unknown>`, the view of the web's generic parameter form and
 * of the wire body, without a cast.
 */

export const NO_ID = -1;

export type GatingType = 'Bandpass' | 'Notch';
export type GatingShape = 'Minimum' | 'Normal' | 'Wide' | 'Maximum';
export const GATING_TYPES: readonly GatingType[] = ['Bandpass', 'Notch'];
export const GATING_SHAPES: readonly GatingShape[] = ['Minimum', 'Normal', 'Wide', 'Maximum'];

export type GatingFields = {
  isGating: boolean;
  gatingType: GatingType;
  gatingShape: GatingShape;
  gatingStart_ns: number | null;
  gatingStop_ns: number | null;
};

export type LimitFields = {
  title: string;
  upper: number | null;
  lower: number | null;
};

/** The general NA step param: every NA measurement other than Align, Cable, Diff and Save SnP. */
export type GeneralNaParam = LimitFields &
  GatingFields & {
    sParam: string;
    startFreq_MHz: number | null;
    stopFreq_MHz: number | null;
    /** Phase only: the one frequency it measures at. */
    freq_MHz: number | null;
    /** Cross xMHz actions only: the window width. */
    spanFreq_MHz: number | null;
    calId: number;
    /** Rejection and Coupler actions only: the depending step. */
    bindStepId: number;
    average: number | null;
    smooth: number | null;
    isReportScreen: boolean;
    refPos: number | null;
  };

export type DiffParam = LimitFields & {
  stepId1: number;
  stepId2: number;
};

export type Port12MeasType = 'SWR' | 'Return Loss';
export const PORT12_MEAS_TYPES: readonly Port12MeasType[] = ['SWR', 'Return Loss'];

export type CableParam = GatingFields & {
  title: string;
  port12MeasType: Port12MeasType;
  port1Limit: number | null;
  port2Limit: number | null;
  transLossLimit_dB: number | null;
  startFreq_MHz: number | null;
  stopFreq_MHz: number | null;
  calId: number;
  average: number | null;
  smooth: number | null;
  isReportScreen: boolean;
  refPos: number | null;
};

export type LineType = 'MIN' | 'MAX';

export type LimitLine = {
  type: LineType;
  startFreq_MHz: number | null;
  stopFreq_MHz: number | null;
  startValue: number | null;
  stopValue: number | null;
};

export type Marker = {
  freq_MHz: number | null;
};

/** Display format of an alignment trace: 0 Log Mag, 1 Phase, 2 Group Delay, 3 SWR. */
export enum DisplayFormat {
  LogMag = 0,
  Phase = 1,
  GroupDelay = 2,
  Swr = 3,
}

export type Trace = {
  name: string;
  isActive: boolean;
  sParam: string;
  df: DisplayFormat;
  scale: number | null;
  refValue: number | null;
  refPosition: number | null;
  lineArray: LimitLine[];
  markerArray: Marker[];
};

export type Alignment = GatingFields & {
  title: string;
  calId: number;
  IFBW_Hz: number | null;
  average: number | null;
  isShowFreq: boolean;
  div: number | null;
  fileName: string;
  isActiveMarker: boolean;
  traceArray: Trace[];
};

export type AlignParam = {
  channelArray: Alignment[];
};

export type SnpParam = {
  /** The file name. */
  value: string;
};

export type PimUnit = 'dBm' | 'dBc';
export type ImOrder = 'IM3L' | 'IM3H' | 'IM5L' | 'IM5H' | 'IM7L' | 'IM7H' | 'IM9L' | 'IM9H';
/** 'refl' is Reverse (the default), 'forward' is Forward. */
export type PimMode = 'refl' | 'forward';
export const PIM_UNITS: readonly PimUnit[] = ['dBm', 'dBc'];
export const IM_ORDERS: readonly ImOrder[] = ['IM3L', 'IM3H', 'IM5L', 'IM5H', 'IM7L', 'IM7H', 'IM9L', 'IM9H'];
export const PIM_MODES: readonly PimMode[] = ['refl', 'forward'];

export type PimCommonParam = LimitFields & {
  unit: PimUnit;
  powerOutput: number | null;
  powerOffset: number | null;
  imOrder: ImOrder;
  mode: PimMode;
  isReportScreen: boolean;
};

export type PimFixParam = PimCommonParam & {
  fix1_MHz: number | null;
  fix2_MHz: number | null;
  fixTime_sec: number | null;
};

export type PimSweepParam = PimCommonParam & {
  sweep1Start_MHz: number | null;
  sweep1Stop_MHz: number | null;
  sweep2Start_MHz: number | null;
  sweep2Stop_MHz: number | null;
  sweepStep_MHz: number | null;
  sweepCount: number | null;
};

/** Prompt and Report Heading: the text shown or printed. */
export type TextParam = {
  value: string;
};

/** Delay: whole seconds. */
export type DelayParam = {
  value: number | null;
};

export type ManualParam = LimitFields & {
  question: string;
  unit: string;
};

export type Answer = 'yes' | 'no';
export const ANSWERS: readonly Answer[] = ['yes', 'no'];

export type QuestionParam = {
  title: string;
  question: string;
  answer: Answer;
};

export type ChoiceOption = {
  checked: boolean;
  text: string;
};

export type MultipleChoiceParam = {
  title: string;
  question: string;
  optionArray: ChoiceOption[];
};

export type ParamByKind = {
  text: TextParam;
  delay: DelayParam;
  manual: ManualParam;
  question: QuestionParam;
  multipleChoice: MultipleChoiceParam;
  general: GeneralNaParam;
  cable: CableParam;
  align: AlignParam;
  diff: DiffParam;
  snp: SnpParam;
  pimFix: PimFixParam;
  pimSweep: PimSweepParam;
};

export type StepParam = ParamByKind[keyof ParamByKind];
