/**
 * Test fixtures: a complete step for every action, built from its default param with valid values
 * filled in. The validation specs start from these and break one field at a time; other suites
 * (API, web) may use them for a test that the runner would accept. Not exported from the index.
 */
import { sParamChoices } from '../calibration/calibration';
import type { Calibration } from '../calibration/calibration.types';
import { ActionId, getAction } from '../catalogue/catalogue';
import type { Seq, Step } from '../entities/entities';
import { defaultAlignment, defaultCalibration, defaultParam, defaultTrace } from '../params/defaults';
import type { Alignment, StepParam } from '../params/params.types';
import { DisplayFormat } from '../params/params.types';
import { MSG } from '../limits/messages';
import type { FieldError } from '../validation/fields';
import { validateStepParam } from '../validation/step-params';

/** A 2-port calibration from 100 to 1000 MHz, id 1. */
export const CAL: Calibration = {
  ...defaultCalibration(1, 2, '1-2'),
  startFreq_MHz: 100,
  stopFreq_MHz: 1000,
};

/** The ids of the two steps every fixture test starts with, for Diff and depending steps. */
export const FIRST_IDS = [1, 2] as const;

/** The values a complete step is filled with; any values keeping these bounds are valid. */
export interface Fill {
  /** A valid name of at most 100 characters. */
  title: string;
  /** 100 ≤ startFreq < stopFreq ≤ 1000, inside CAL (a Cross window needs a non-empty range). */
  startFreq: number;
  stopFreq: number;
  /** At least 0: the upper limit, above the lower limit 0 that Manual Test and Diff default to. */
  limit: number;
}

export const FILL: Fill = { title: 'Pass band', startFreq: 200, stopFreq: 800, limit: 3 };

export function completeAlignment(fill: Fill = FILL): Alignment {
  return {
    ...defaultAlignment(),
    calId: CAL.id,
    traceArray: [
      {
        ...defaultTrace(true),
        sParam: 'S21',
        df: DisplayFormat.LogMag,
        lineArray: [
          {
            type: 'MAX',
            startFreq_MHz: fill.startFreq,
            stopFreq_MHz: fill.stopFreq,
            startValue: 1,
            stopValue: 1,
          },
        ],
        markerArray: [{ freq_MHz: fill.startFreq }],
      },
      { ...defaultTrace(false), sParam: 'S11', df: DisplayFormat.Swr },
    ],
  };
}

/** What every NA measurement over a range needs: a title, the calibration and the range. */
function rangeFill(fill: Fill) {
  return { title: fill.title, calId: CAL.id, startFreq_MHz: fill.startFreq, stopFreq_MHz: fill.stopFreq };
}

function generalFill(actionId: ActionId, fill: Fill) {
  return {
    ...rangeFill(fill),
    upper: fill.limit,
    sParam: sParamChoices(actionId, CAL)[0],
    freq_MHz: fill.stopFreq,
    spanFreq_MHz: (fill.stopFreq - fill.startFreq) / 2,
    bindStepId: FIRST_IDS[0],
  };
}

/** The param of a complete step of `actionId`: its defaults with every required value set. */
export function completeParam(actionId: ActionId, fill: Fill = FILL): StepParam {
  const base = defaultParam(actionId) as unknown as Record<string, unknown>;
  const filled = (values: Record<string, unknown>) => ({ ...base, ...values }) as unknown as StepParam;
  switch (getAction(actionId).paramKind) {
    case 'text':
      return filled({ value: fill.title });
    case 'delay':
      return filled({ value: 2 });
    case 'manual':
      return filled({ title: fill.title, question: 'Insulation resistance?', upper: fill.limit });
    case 'question':
      return filled({ title: fill.title, question: 'Is the lamp on?' });
    case 'multipleChoice':
      return filled({
        title: fill.title,
        question: 'Which colour?',
        optionArray: [
          { checked: true, text: 'Red' },
          { checked: false, text: 'Blue' },
        ],
      });
    case 'general':
      return filled(generalFill(actionId, fill));
    case 'diff':
      return filled({ title: fill.title, upper: fill.limit, stepId1: FIRST_IDS[0], stepId2: FIRST_IDS[1] });
    case 'cable':
      return filled({ ...rangeFill(fill), port1Limit: 1.5, port2Limit: 1.5, transLossLimit_dB: -1 });
    case 'align':
      return filled({ channelArray: [completeAlignment(fill)] });
    case 'snp':
      return filled({ value: 'dut.s2p' });
    case 'pimFix':
      return filled({ title: fill.title, upper: fill.limit, fix1_MHz: 935, fix2_MHz: 960 });
    case 'pimSweep':
      return filled({
        title: fill.title,
        upper: fill.limit,
        sweep1Start_MHz: 925,
        sweep1Stop_MHz: 935,
        sweep2Start_MHz: 950,
        sweep2Stop_MHz: 960,
      });
  }
}

export function makeStep(id: number, actionId: ActionId, param: StepParam = defaultParam(actionId)): Step {
  return {
    id,
    name: `Step ${id}`,
    isDefaultName: false,
    instrumentId: getAction(actionId).instrumentId,
    actionId,
    param,
    isCompleted: false,
    errors: [],
  };
}

/**
 * A complete test of three steps: two (FIRST_IDS) that Diff and depending steps may refer to,
 * then the complete step of `actionId`.
 */
export function completeSteps(actionId: ActionId, fill: Fill = FILL): Step[] {
  return [
    makeStep(FIRST_IDS[0], ActionId.InsertionLossMax, completeParam(ActionId.InsertionLossMax, fill)),
    makeStep(FIRST_IDS[1], ActionId.GainMax, completeParam(ActionId.GainMax, fill)),
    makeStep(3, actionId, completeParam(actionId, fill)),
  ];
}

export function makeSeq(steps: Step[], cals: Calibration[] = [CAL]): Seq {
  return {
    id: 1,
    name: 'Test',
    stageNo: 1,
    testNo: 1,
    isCompleted: false,
    steps,
    cals,
    createUserName: '',
    createTime: '',
    updateUserName: '',
    updateTime: '',
  };
}

/** The errors of the complete step of `actionId` (third in completeSteps) with `values` set over it. */
export function errorsWith(
  actionId: ActionId,
  values: Record<string, unknown>,
  cals: Calibration[] = [CAL],
): FieldError[] {
  const steps = completeSteps(actionId);
  // `values` may break the param's shape on purpose: that is what the specs check
  const param = { ...(steps[2]?.param as object), ...values } as unknown as StepParam;
  const step = makeStep(3, actionId, param);
  return validateStepParam(step, { steps: [...steps.slice(0, 2), step], index: 2, cals });
}

/** The boundary lengths of a 100-character name and what each gets (issue 3: 0, 1, 99, 100, 101). */
export const NAME_LENGTH_CASES: [number, string | undefined][] = [
  [0, MSG.emptyInput],
  [1, undefined],
  [99, undefined],
  [100, undefined],
  [101, MSG.noMoreThanCharacters(100)],
];
