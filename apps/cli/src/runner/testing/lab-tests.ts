/**
 * Products and tests for the runner's end-to-end tests, made through the editor's calls as an
 * editor would: a band-pass filter test on the simulators' default devices (the filter on ports
 * 1-2, 885-915 MHz pass band; the cable on ports 3-4; the PIM source) that uses every action of
 * the catalogue, with limits the simulated devices meet. Operator answers decide pass or fail.
 */
import {
  ActionId,
  endpoints,
  pathOf,
  defaultCalibration,
  type Alignment,
  type Calibration,
  type RunnerSeq,
} from '@sweepline/domain';
import { completeAlignment } from '@sweepline/domain/src/testing/step-fixtures';
import {
  FILTER_CAL,
  FILTER_PASS_BAND as PASS_BAND,
  makeTestProduct,
  type StepSpec,
  type TestProduct,
} from '@sweepline/testing';
import type { TestApi } from './test-api';

/** A second calibration of the filter's ports (the Align step's band): smart calibration measures it on the same connections. */
export const ALIGN_CAL: Calibration = {
  ...defaultCalibration(3, 2, '1-2'),
  startFreq_MHz: 850,
  stopFreq_MHz: 950,
  freqPoints: 101,
};
export const CABLE_CAL: Calibration = {
  ...defaultCalibration(2, 2, '3-4'),
  startFreq_MHz: 800,
  stopFreq_MHz: 1000,
  freqPoints: 101,
};

const STOP_BAND = { ...PASS_BAND, startFreq_MHz: 800, stopFreq_MHz: 840 };
const MATCH = { ...PASS_BAND, sParam: 'S11', startFreq_MHz: 890, stopFreq_MHz: 910 };

/** Every action once (the general NA ones on the filter), in an order a Diff and a Rejection can refer back in. */
export const EVERY_ACTION: StepSpec[] = [
  { action: ActionId.Header, name: 'Heading', param: () => ({ value: 'Filter F-900' }) },
  {
    action: ActionId.Prompt,
    name: 'Connect',
    param: () => ({ value: 'Connect the filter to ports 1 and 2' }),
  },
  { action: ActionId.Delay, name: 'Settle', param: () => ({ value: 1 }) },
  {
    action: ActionId.InsertionLossMax,
    name: 'IL max',
    param: () => ({ ...PASS_BAND, title: 'IL max', upper: 3, isReportScreen: true }),
  },
  {
    action: ActionId.InsertionLossMin,
    name: 'IL min',
    param: () => ({ ...PASS_BAND, title: 'IL min', lower: 0 }),
  },
  {
    action: ActionId.InsertionLossVariation,
    name: 'IL var',
    param: () => ({ ...PASS_BAND, title: 'IL var', upper: 1 }),
  },
  {
    action: ActionId.InsertionLossVariationCross,
    name: 'IL var x',
    param: () => ({ ...PASS_BAND, title: 'IL var x', spanFreq_MHz: 10, upper: 1 }),
  },
  {
    action: ActionId.InsertionLossAverage,
    name: 'IL avg',
    param: () => ({ ...PASS_BAND, title: 'IL avg', upper: 3 }),
  },
  { action: ActionId.ReturnLoss, name: 'RL', param: () => ({ ...MATCH, title: 'RL', lower: 10 }) },
  { action: ActionId.Swr, name: 'SWR', param: () => ({ ...MATCH, title: 'SWR', upper: 2 }) },
  { action: ActionId.Attenuation, name: 'Atten', param: () => ({ ...STOP_BAND, title: 'Atten', lower: 40 }) },
  { action: ActionId.Isolation, name: 'Iso', param: () => ({ ...STOP_BAND, title: 'Iso', lower: 40 }) },
  {
    action: ActionId.Rejection,
    name: 'Rej',
    param: (ids) => ({ ...STOP_BAND, title: 'Rej', bindStepId: ids[3], lower: 40 }),
  },
  {
    action: ActionId.GainMax,
    name: 'Gain max',
    param: () => ({ ...PASS_BAND, title: 'Gain max', lower: -3, upper: 0 }),
  },
  {
    action: ActionId.GainMin,
    name: 'Gain min',
    param: () => ({ ...PASS_BAND, title: 'Gain min', lower: -3, upper: 0 }),
  },
  {
    action: ActionId.GainVariation,
    name: 'Gain var',
    param: () => ({ ...PASS_BAND, title: 'Gain var', upper: 1 }),
  },
  {
    action: ActionId.GainVariationCross,
    name: 'Gain var x',
    param: () => ({ ...PASS_BAND, title: 'Gain var x', spanFreq_MHz: 10, upper: 1 }),
  },
  {
    action: ActionId.GainAverage,
    name: 'Gain avg',
    param: () => ({ ...PASS_BAND, title: 'Gain avg', lower: -3, upper: 0 }),
  },
  {
    action: ActionId.CouplerMax,
    name: 'Cpl max',
    param: (ids) => ({ ...STOP_BAND, title: 'Cpl max', bindStepId: ids[3], lower: 20 }),
  },
  {
    action: ActionId.CouplerMin,
    name: 'Cpl min',
    param: (ids) => ({ ...STOP_BAND, title: 'Cpl min', bindStepId: ids[3], lower: 20 }),
  },
  {
    action: ActionId.CouplerVariation,
    name: 'Cpl var',
    param: (ids) => ({ ...STOP_BAND, title: 'Cpl var', bindStepId: ids[3], upper: 60 }),
  },
  {
    action: ActionId.GroupDelay,
    name: 'GD',
    param: () => ({ ...PASS_BAND, title: 'GD', lower: 0, upper: 1000 }),
  },
  {
    action: ActionId.GroupDelayVariation,
    name: 'GD var',
    param: () => ({ ...PASS_BAND, title: 'GD var', upper: 1000 }),
  },
  {
    action: ActionId.GroupDelayVariationCross,
    name: 'GD var x',
    param: () => ({ ...PASS_BAND, title: 'GD var x', spanFreq_MHz: 10, upper: 1000 }),
  },
  {
    action: ActionId.Phase,
    name: 'Phase',
    param: () => ({ ...PASS_BAND, title: 'Phase', freq_MHz: 900, lower: -180, upper: 180 }),
  },
  {
    action: ActionId.PhaseMax,
    name: 'Phase max',
    param: () => ({ ...PASS_BAND, title: 'Phase max', lower: -180, upper: 180 }),
  },
  {
    action: ActionId.PhaseMin,
    name: 'Phase min',
    param: () => ({ ...PASS_BAND, title: 'Phase min', lower: -180, upper: 180 }),
  },
  {
    action: ActionId.Diff,
    name: 'IL spread',
    param: (ids) => ({ title: 'IL spread', stepId1: ids[3], stepId2: ids[4], lower: 0, upper: 1 }),
  },
  { action: ActionId.SaveSnp, name: 'Save SnP', param: () => ({ value: 'filter.s2p' }) },
  {
    action: ActionId.Align,
    name: 'Align',
    param: () => {
      const alignment = completeAlignment({ title: 'Pass band', startFreq: 885, stopFreq: 915, limit: 1 });
      return {
        channelArray: [
          {
            ...alignment,
            calId: 3,
            traceArray: alignment.traceArray.map((t) => ({ ...t, markerArray: [{ freq_MHz: 900 }] })),
          },
        ],
      };
    },
  },
  {
    action: ActionId.Cable,
    name: 'Cable',
    param: () => ({
      title: 'Cable',
      calId: 2,
      startFreq_MHz: 850,
      stopFreq_MHz: 950,
      port12MeasType: 'Return Loss',
      port1Limit: 15,
      port2Limit: 15,
      transLossLimit_dB: -3,
    }),
  },
  {
    action: ActionId.ManualTest,
    name: 'Voltage',
    param: () => ({ title: 'Voltage', question: 'Supply voltage?', unit: 'V', lower: 4.5, upper: 5.5 }),
  },
  {
    action: ActionId.Question,
    name: 'Label',
    param: () => ({ title: 'Label', question: 'Is the label on?', answer: 'yes' }),
  },
  {
    action: ActionId.MultipleChoice,
    name: 'Colour',
    param: () => ({
      title: 'Colour',
      question: 'Which colour is the housing?',
      optionArray: [
        { checked: true, text: 'Grey' },
        { checked: false, text: 'Red' },
      ],
    }),
  },
  {
    action: ActionId.PimFixedTone,
    name: 'PIM fix',
    param: () => ({
      title: 'PIM fix',
      unit: 'dBc',
      powerOutput: 43,
      fix1_MHz: 935,
      fix2_MHz: 960,
      upper: -140,
    }),
  },
  {
    action: ActionId.PimSweptTone,
    name: 'PIM sweep',
    param: () => ({
      title: 'PIM sweep',
      unit: 'dBc',
      powerOutput: 43,
      sweep1Start_MHz: 925,
      sweep1Stop_MHz: 935,
      sweep2Start_MHz: 950,
      sweep2Stop_MHz: 960,
      sweepStep_MHz: 1,
      sweepCount: 1,
      upper: -140,
    }),
  },
];

/** A product with one test of `specs`, its calibrations, and serial numbers, made as the editor token. */
export function makeProduct(
  api: TestApi,
  name: string,
  specs: readonly StepSpec[],
  sns: readonly string[],
  cals: Calibration[] = [FILTER_CAL, CABLE_CAL, ALIGN_CAL],
): Promise<TestProduct> {
  const call = <T>(method: string, path: string, body?: unknown) => api.call<T>(method, path, body);
  return makeTestProduct(call, name, specs, sns, cals);
}

/** The complete test as the runner downloads it; an incomplete one fails with the server's reason. */
export function download(api: TestApi, seqId: number): Promise<RunnerSeq> {
  return api.call('GET', pathOf(endpoints.runner.seq, { params: { id: seqId } }));
}

const byName = (name: string) => EVERY_ACTION.find((s) => s.name === name)!;

/** What an operator meets at the bench, kept short for the terminal test: one calibration, each kind of question. */
export const OPERATOR_TEST: StepSpec[] = [
  'Heading',
  'Connect',
  'Settle',
  'IL max',
  'Voltage',
  'Label',
  'Colour',
].map(byName);

/** Nothing to answer: runs without a terminal. */
export const UNATTENDED_TEST: StepSpec[] = ['Heading', 'IL max', 'RL'].map(byName);

/**
 * A failing Align (its MAX line at -3 dB over a pass band of about -1.4 dB) and a swept PIM tone
 * marked for the report: both traces are kept (docs/requirements/storage.md#traces: failed or report-marked).
 */
export const TRACED_TEST: StepSpec[] = [
  {
    ...byName('Align'),
    param: (ids) => {
      const param = byName('Align').param!(ids) as { channelArray: Alignment[] };
      const [alignment] = param.channelArray;
      const [shown, ...others] = alignment!.traceArray;
      const lineArray = shown!.lineArray.map((l) => ({ ...l, startValue: -3, stopValue: -3 }));
      return { channelArray: [{ ...alignment!, traceArray: [{ ...shown!, lineArray }, ...others] }] };
    },
  },
  { ...byName('PIM sweep'), param: (ids) => ({ ...byName('PIM sweep').param!(ids), isReportScreen: true }) },
];

/** Only what the operator reads and waits for: a run without a single result row. */
export const NO_RESULTS_TEST: StepSpec[] = ['Connect', 'Settle'].map(byName);
