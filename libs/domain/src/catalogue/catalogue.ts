/**
 * The instrument and action catalogue of docs/requirements/step-parameters.md#catalogue. Ids are stable: they are stored in
 * every step and sent on the wire, so never renumber; add new actions at the end of their block.
 * Action ids are unique across instruments (Common 1-99, Network Analyzer 101-199, PIM 201-299).
 * docs/catalogue.md lists them.
 */
export enum InstrumentId {
  Common = 0,
  NetworkAnalyzer = 1,
  PimAnalyzer = 2,
}

export enum ActionId {
  Prompt = 1,
  Header = 2,
  Delay = 3,
  ManualTest = 4,
  Question = 5,
  MultipleChoice = 6,

  Align = 101,
  InsertionLossMax = 102,
  InsertionLossMin = 103,
  InsertionLossVariation = 104,
  InsertionLossVariationCross = 105,
  InsertionLossAverage = 106,
  Cable = 107,
  ReturnLoss = 108,
  Swr = 109,
  Attenuation = 110,
  Isolation = 111,
  Rejection = 112,
  GainMax = 113,
  GainMin = 114,
  GainVariation = 115,
  GainVariationCross = 116,
  GainAverage = 117,
  CouplerMax = 118,
  CouplerMin = 119,
  CouplerVariation = 120,
  GroupDelay = 121,
  GroupDelayVariation = 122,
  GroupDelayVariationCross = 123,
  Phase = 124,
  PhaseMax = 125,
  PhaseMin = 126,
  Diff = 127,
  SaveSnp = 128,

  PimFixedTone = 201,
  PimSweptTone = 202,
}

/** Which parameter shape an action uses (docs/requirements/step-parameters.md#catalogue). */
export type ParamKind =
  | 'text' // Prompt, Header: { value: string }
  | 'delay' // { value: seconds }
  | 'manual'
  | 'question'
  | 'multipleChoice'
  | 'general' // the general NA step param
  | 'cable'
  | 'align'
  | 'diff'
  | 'snp'
  | 'pimFix'
  | 'pimSweep';

/**
 * What an NA measurement is, for the units of a Diff step (docs/requirements/step-parameters.md#diff-and-depending-steps: units apply only
 * when both steps are of the same family) and for the unit shown beside the limits.
 */
export type MeasurementFamily = 'magnitude' | 'swr' | 'groupDelay' | 'phase';

/** Which S parameters an NA action measures (docs/requirements/step-parameters.md#s-parameter-choices, "S-parameter choices"). */
export type SParamKind = 'reflection' | 'transmission' | 'transmissionBothWays';

export interface ActionInfo {
  id: ActionId;
  instrumentId: InstrumentId;
  /** Full name as the step dialog lists it. */
  name: string;
  /** Short label the spec gives in brackets (Align, Diff, Fix...), or the name. */
  shortName: string;
  paramKind: ParamKind;
  family?: MeasurementFamily;
  sParamKind?: SParamKind;
  /** Phase measures at one frequency (freq_MHz) instead of a start-stop range. */
  singleFrequency?: boolean;
  /** The "Cross xMHz" actions judge every window of spanFreq_MHz. */
  usesSpan?: boolean;
  /** Rejection and Coupler actions are relative to a depending step (bindStepId). */
  usesDependingStep?: boolean;
  /** An insertion-loss, attenuation, isolation or gain step: a valid depending step. */
  isDependingCandidate?: boolean;
}

export interface InstrumentInfo {
  id: InstrumentId;
  name: string;
  shortName: string;
}

export const INSTRUMENTS: readonly InstrumentInfo[] = [
  { id: InstrumentId.Common, name: 'Common', shortName: 'Common' },
  { id: InstrumentId.NetworkAnalyzer, name: 'Network Analyzer', shortName: 'NA' },
  { id: InstrumentId.PimAnalyzer, name: 'PIM Analyzer', shortName: 'PIM' },
];

const common = (id: ActionId, name: string, paramKind: ParamKind, shortName = name): ActionInfo => ({
  id,
  instrumentId: InstrumentId.Common,
  name,
  shortName,
  paramKind,
});

const na = (id: ActionId, name: string, extra: Partial<ActionInfo> = {}): ActionInfo => ({
  id,
  instrumentId: InstrumentId.NetworkAnalyzer,
  name,
  shortName: name,
  paramKind: 'general',
  ...extra,
});

const magnitude = { family: 'magnitude', sParamKind: 'transmission' } as const;
const candidate = { ...magnitude, isDependingCandidate: true } as const;
const coupler = { ...magnitude, usesDependingStep: true } as const;
const delay = { family: 'groupDelay', sParamKind: 'transmissionBothWays' } as const;
const phase = { family: 'phase', sParamKind: 'transmissionBothWays' } as const;

export const ACTIONS: readonly ActionInfo[] = [
  common(ActionId.Prompt, 'Prompt', 'text'),
  common(ActionId.Header, 'Report Heading', 'text', 'Header'),
  common(ActionId.Delay, 'Delay', 'delay'),
  common(ActionId.ManualTest, 'Manual Test', 'manual'),
  common(ActionId.Question, 'Question', 'question'),
  common(ActionId.MultipleChoice, 'Multiple Choice', 'multipleChoice'),

  na(ActionId.Align, 'Alignment Check', { shortName: 'Align', paramKind: 'align' }),
  na(ActionId.InsertionLossMax, 'Insertion Loss Max', candidate),
  na(ActionId.InsertionLossMin, 'Insertion Loss Min', candidate),
  na(ActionId.InsertionLossVariation, 'Insertion Loss Variation', candidate),
  na(ActionId.InsertionLossVariationCross, 'Insertion Loss Variation Cross xMHz', {
    ...candidate,
    usesSpan: true,
  }),
  na(ActionId.InsertionLossAverage, 'Insertion Loss Average', candidate),
  na(ActionId.Cable, 'Cable', { paramKind: 'cable' }),
  na(ActionId.ReturnLoss, 'Return Loss', { family: 'magnitude', sParamKind: 'reflection' }),
  na(ActionId.Swr, 'SWR', { family: 'swr', sParamKind: 'reflection' }),
  na(ActionId.Attenuation, 'Attenuation', candidate),
  na(ActionId.Isolation, 'Isolation', candidate),
  na(ActionId.Rejection, 'Rejection', coupler),
  na(ActionId.GainMax, 'Gain Max', candidate),
  na(ActionId.GainMin, 'Gain Min', candidate),
  na(ActionId.GainVariation, 'Gain Variation', candidate),
  na(ActionId.GainVariationCross, 'Gain Variation Cross xMHz', { ...candidate, usesSpan: true }),
  na(ActionId.GainAverage, 'Gain Average', candidate),
  na(ActionId.CouplerMax, 'Coupler Max', coupler),
  na(ActionId.CouplerMin, 'Coupler Min', coupler),
  na(ActionId.CouplerVariation, 'Coupler Variation', coupler),
  na(ActionId.GroupDelay, 'Group Delay', delay),
  na(ActionId.GroupDelayVariation, 'Group Delay Variation', delay),
  na(ActionId.GroupDelayVariationCross, 'Group Delay Variation Cross xMHz', { ...delay, usesSpan: true }),
  na(ActionId.Phase, 'Phase', { ...phase, singleFrequency: true }),
  na(ActionId.PhaseMax, 'Phase Max', phase),
  na(ActionId.PhaseMin, 'Phase Min', phase),
  na(ActionId.Diff, 'Measurement Difference', { shortName: 'Diff', paramKind: 'diff' }),
  na(ActionId.SaveSnp, 'Save SnP', { paramKind: 'snp' }),

  {
    id: ActionId.PimFixedTone,
    instrumentId: InstrumentId.PimAnalyzer,
    name: 'Fixed Tone',
    shortName: 'Fix',
    paramKind: 'pimFix',
  },
  {
    id: ActionId.PimSweptTone,
    instrumentId: InstrumentId.PimAnalyzer,
    name: 'Swept Tone',
    shortName: 'Sweep',
    paramKind: 'pimSweep',
  },
];

const actionsById = new Map(ACTIONS.map((a) => [a.id, a]));

/** The action, or undefined when the id is not in the catalogue (input from outside). */
export function findAction(actionId: number): ActionInfo | undefined {
  return actionsById.get(actionId);
}

/** The action of a known id; throws for an id outside the catalogue (a programming error). */
export function getAction(actionId: ActionId): ActionInfo {
  const action = actionsById.get(actionId);
  if (!action) throw new Error(`Unknown action id ${actionId}`);
  return action;
}

export function actionsOf(instrumentId: InstrumentId): ActionInfo[] {
  return ACTIONS.filter((a) => a.instrumentId === instrumentId);
}

/** True when the pair names a catalogue action of that instrument. */
export function isKnownAction(instrumentId: number, actionId: number): boolean {
  return findAction(actionId)?.instrumentId === instrumentId;
}

/** The unit of an NA measurement family, as shown beside limits and values. */
export function familyUnit(family: MeasurementFamily): string {
  switch (family) {
    case 'magnitude':
      return 'dB';
    case 'swr':
      return '';
    case 'groupDelay':
      return 'ns';
    case 'phase':
      return 'deg';
  }
}
