/**
 * What the Step Parameters panel shows for each param kind of the catalogue, in panel order
 * (the order of the domain's errors): which field, which editor, and when it applies. Labels
 * come from the domain's FIELD_LABELS, the tooltip's words, so a field reads the same in the
 * form and in a step's error list; every rule stays in libs/domain.
 */
import {
  alignmentsAfterCalibrationChange,
  diffUnit,
  familyUnit,
  keepValidSParam,
  NO_ID,
  sParamChoices,
  type ActionInfo,
  type Alignment,
  type Calibration,
  type ParamKind,
  type Step,
} from '@sweepline/domain';
import {
  ANSWER_CHOICES,
  GATING_SHAPE_CHOICES,
  GATING_TYPE_CHOICES,
  IM_ORDER_CHOICES,
  LINE_TYPE_CHOICES,
  PIM_MODE_CHOICES,
  PIM_UNIT_CHOICES,
  PORT12_CHOICES,
  type Choice,
} from './choice-labels';

/**
 * The form's view of the object it edits (a param, an alignment, a trace, a limit line): the
 * layouts name fields by their wire keys, so the generic form reads and patches string keys.
 * Every param shape of the domain is a plain record, so each one is a ParamValue as it is.
 */
export type ParamValue = Record<string, unknown>;

/** The object with the form's changes over it: what every editor's patch makes of its value. */
export function withChanges<T extends ParamValue>(value: T, changes: ParamValue): T {
  return { ...value, ...changes };
}

/** What a field may look at besides its own value. */
export interface FieldEnv<T extends ParamValue = ParamValue> {
  action: ActionInfo;
  /** The object the field belongs to: the param, or an alignment of an Align param. */
  value: T;
  steps: readonly Step[];
  cals: readonly Calibration[];
}

interface Base<T extends ParamValue> {
  key: string;
  /** Consecutive fields of one row sit side by side (start and stop, upper and lower). */
  row?: string;
  /** Shown only when this answers true (the catalogue's flags, the gating switch). */
  when?: (env: FieldEnv<T>) => boolean;
}

/** One field of a layout; `T` is the object it belongs to, when its functions read it typed. */
export type FieldSpec<T extends ParamValue = ParamValue> = Base<T> &
  (
    | { editor: 'name' | 'text' | 'longText' }
    | { editor: 'number'; unit?: (env: FieldEnv<T>) => string }
    | { editor: 'switch' }
    | { editor: 'choice'; choices: readonly Choice[] }
    /** The calibration selector with 'Set Up Calibrations'; `patch` applies the domain's follow-ups. */
    | { editor: 'calibration'; patch: (env: FieldEnv<T>, cal: Calibration | undefined) => ParamValue }
    | { editor: 'sParam' }
    /** An earlier step: a depending step (Rejection, Coupler) or a Diff operand. */
    | { editor: 'step'; candidates: 'depending' | 'diff' }
    /** The lists with editors of their own, which the form around hands in (ListEditors). */
    | { editor: ListEditorKind }
  );

export type ListEditorKind = 'choiceOptions' | 'alignments';

const limitUnitOfFamily = ({ action }: FieldEnv) => (action.family ? familyUnit(action.family) : '');
const MHZ = () => 'MHz';
const NS = () => 'ns';
const DB = () => 'dB';

function limits(unit: (env: FieldEnv) => string): FieldSpec[] {
  return [
    { key: 'upper', editor: 'number', unit, row: 'limits' },
    { key: 'lower', editor: 'number', unit, row: 'limits' },
  ];
}

const gatingOn = ({ value }: FieldEnv) => value.isGating === true;

export const GATING_FIELDS: FieldSpec[] = [
  { key: 'isGating', editor: 'switch' },
  { key: 'gatingType', editor: 'choice', choices: GATING_TYPE_CHOICES, when: gatingOn, row: 'gating' },
  { key: 'gatingShape', editor: 'choice', choices: GATING_SHAPE_CHOICES, when: gatingOn, row: 'gating' },
  { key: 'gatingStart_ns', editor: 'number', unit: NS, when: gatingOn, row: 'gatingTimes' },
  { key: 'gatingStop_ns', editor: 'number', unit: NS, when: gatingOn, row: 'gatingTimes' },
];

const MEASURE_FIELDS: FieldSpec[] = [
  { key: 'average', editor: 'number', row: 'measure' },
  { key: 'smooth', editor: 'number', row: 'measure' },
  ...GATING_FIELDS,
  { key: 'isReportScreen', editor: 'switch' },
  { key: 'refPos', editor: 'number' },
];

/** docs/requirements/step-parameters.md#s-parameter-choices: a new calibration clears an S parameter it no longer offers. */
const calibrationOfMeasurement: FieldSpec = {
  key: 'calId',
  editor: 'calibration',
  patch: ({ action, value }, cal) => ({
    calId: cal?.id ?? NO_ID,
    sParam: keepValidSParam(String(value.sParam ?? ''), sParamChoices(action.id, cal)),
  }),
};

const plainCalibration: FieldSpec = {
  key: 'calId',
  editor: 'calibration',
  patch: (_env, cal) => ({ calId: cal?.id ?? NO_ID }),
};

const range: FieldSpec[] = [
  { key: 'startFreq_MHz', editor: 'number', unit: MHZ, row: 'range' },
  { key: 'stopFreq_MHz', editor: 'number', unit: MHZ, row: 'range' },
];

/** docs/requirements/step-parameters.md#diff-and-depending-steps: a Diff has a unit only when both steps measure the same family. */
const unitOfDiff = ({ value, steps }: FieldEnv) => {
  const byId = (id: unknown) => steps.find((s) => s.id === id);
  return diffUnit(byId(value.stepId1), byId(value.stepId2));
};

const pimCommon = (unitField: FieldSpec[]): FieldSpec[] => [
  { key: 'powerOutput', editor: 'number', unit: () => 'dBm', row: 'power' },
  { key: 'powerOffset', editor: 'number', unit: DB, row: 'power' },
  { key: 'imOrder', editor: 'choice', choices: IM_ORDER_CHOICES },
  { key: 'mode', editor: 'choice', choices: PIM_MODE_CHOICES },
  ...unitField,
  ...limits(({ value }) => String(value.unit ?? '')),
  { key: 'isReportScreen', editor: 'switch' },
];

const PIM_UNIT: FieldSpec[] = [{ key: 'unit', editor: 'choice', choices: PIM_UNIT_CHOICES }];

export const LAYOUTS: { readonly [K in ParamKind]: readonly FieldSpec[] } = {
  text: [{ key: 'value', editor: 'longText' }],
  delay: [{ key: 'value', editor: 'number', unit: () => 's' }],
  manual: [
    { key: 'title', editor: 'name' },
    { key: 'question', editor: 'longText' },
    ...limits(({ value }) => String(value.unit ?? '')),
    { key: 'unit', editor: 'text' },
  ],
  question: [
    { key: 'title', editor: 'name' },
    { key: 'question', editor: 'longText' },
    { key: 'answer', editor: 'choice', choices: ANSWER_CHOICES },
  ],
  multipleChoice: [
    { key: 'title', editor: 'name' },
    { key: 'question', editor: 'longText' },
    { key: 'optionArray', editor: 'choiceOptions' },
  ],
  general: [
    { key: 'title', editor: 'name' },
    calibrationOfMeasurement,
    { key: 'sParam', editor: 'sParam' },
    ...range.map((f) => ({ ...f, when: ({ action }: FieldEnv) => !action.singleFrequency })),
    { key: 'freq_MHz', editor: 'number', unit: MHZ, when: ({ action }) => action.singleFrequency === true },
    { key: 'spanFreq_MHz', editor: 'number', unit: MHZ, when: ({ action }) => action.usesSpan === true },
    {
      key: 'bindStepId',
      editor: 'step',
      candidates: 'depending',
      when: ({ action }) => action.usesDependingStep === true,
    },
    ...limits(limitUnitOfFamily),
    ...MEASURE_FIELDS,
  ],
  cable: [
    { key: 'title', editor: 'name' },
    plainCalibration,
    ...range,
    { key: 'port12MeasType', editor: 'choice', choices: PORT12_CHOICES },
    // docs/requirements/step-parameters.md#cable: the port limits are an SWR ratio or a return loss in dB
    {
      key: 'port1Limit',
      editor: 'number',
      unit: ({ value }) => (value.port12MeasType === 'SWR' ? '' : 'dB'),
    },
    {
      key: 'port2Limit',
      editor: 'number',
      unit: ({ value }) => (value.port12MeasType === 'SWR' ? '' : 'dB'),
    },
    { key: 'transLossLimit_dB', editor: 'number', unit: DB },
    ...MEASURE_FIELDS,
  ],
  align: [{ key: 'channelArray', editor: 'alignments' }],
  diff: [
    { key: 'title', editor: 'name' },
    { key: 'stepId1', editor: 'step', candidates: 'diff' },
    { key: 'stepId2', editor: 'step', candidates: 'diff' },
    ...limits(unitOfDiff),
  ],
  snp: [{ key: 'value', editor: 'name' }],
  pimFix: [
    { key: 'title', editor: 'name' },
    { key: 'fix1_MHz', editor: 'number', unit: MHZ, row: 'tones' },
    { key: 'fix2_MHz', editor: 'number', unit: MHZ, row: 'tones' },
    { key: 'fixTime_sec', editor: 'number', unit: () => 's' },
    ...pimCommon(PIM_UNIT),
  ],
  pimSweep: [
    { key: 'title', editor: 'name' },
    { key: 'sweep1Start_MHz', editor: 'number', unit: MHZ, row: 'sweep1' },
    { key: 'sweep1Stop_MHz', editor: 'number', unit: MHZ, row: 'sweep1' },
    { key: 'sweep2Start_MHz', editor: 'number', unit: MHZ, row: 'sweep2' },
    { key: 'sweep2Stop_MHz', editor: 'number', unit: MHZ, row: 'sweep2' },
    { key: 'sweepStep_MHz', editor: 'number', unit: MHZ, row: 'sweep' },
    { key: 'sweepCount', editor: 'number', row: 'sweep' },
    ...pimCommon(PIM_UNIT),
  ],
};

/** The fields of one alignment of an Align step; its traces have their own editor. */
export const ALIGNMENT_FIELDS: readonly FieldSpec<Alignment>[] = [
  { key: 'title', editor: 'name' },
  {
    key: 'calId',
    editor: 'calibration',
    // docs/requirements/step-parameters.md#alignment-check: traces lose S parameters the new calibration does not offer
    patch: ({ value }, cal) => alignmentsAfterCalibrationChange(value, cal),
  },
  { key: 'IFBW_Hz', editor: 'number', unit: () => 'Hz', row: 'measure' },
  { key: 'average', editor: 'number', row: 'measure' },
  { key: 'isShowFreq', editor: 'switch' },
  { key: 'div', editor: 'number' },
  { key: 'fileName', editor: 'name' },
  { key: 'isActiveMarker', editor: 'switch' },
  ...GATING_FIELDS,
];

/** The number fields of an alignment trace; its S parameter and format have their own selects. */
export const TRACE_FIELDS: readonly FieldSpec[] = [
  { key: 'scale', editor: 'number' },
  { key: 'refValue', editor: 'number' },
  { key: 'refPosition', editor: 'number' },
];

export const LINE_FIELDS: readonly FieldSpec[] = [
  { key: 'type', editor: 'choice', choices: LINE_TYPE_CHOICES },
  ...range,
  { key: 'startValue', editor: 'number' },
  { key: 'stopValue', editor: 'number' },
];

export const MARKER_FIELDS: readonly FieldSpec[] = [{ key: 'freq_MHz', editor: 'number', unit: MHZ }];
