import type { ExportedStep, TestExport } from '@sweepline/domain';
import { ActionId, findAction, TEST_EXPORT_FORMAT, TEST_EXPORT_VERSION } from '@sweepline/domain';
import { CAL, completeParam } from '@sweepline/domain/src/testing/step-fixtures';

function step(number: number, actionId: ActionId, param: object = {}): ExportedStep {
  return {
    number,
    name: '',
    isDefaultName: true,
    instrumentId: findAction(actionId)!.instrumentId,
    actionId,
    param: { ...completeParam(actionId), ...param } as ExportedStep['param'],
  };
}

/**
 * A test plan as a user keeps it in version control: a complete filter test (Insertion Loss Max,
 * Gain Max, a Diff of the two, a Rejection depending on the first, with a calibration) and a
 * second test with a custom-named step, in one product.
 */
export function filterPlan(product = 'Filters'): TestExport {
  return {
    format: TEST_EXPORT_FORMAT,
    version: TEST_EXPORT_VERSION,
    products: [
      {
        name: product,
        model: 'BPF-1',
        info: 'band pass',
        tests: [
          {
            name: 'Pass band',
            stageNo: 1,
            testNo: 1,
            calibrations: [CAL],
            steps: [
              step(1, ActionId.InsertionLossMax),
              step(2, ActionId.GainMax),
              step(3, ActionId.Diff, { stepId1: 1, stepId2: 2 }),
              step(4, ActionId.Rejection, { bindStepId: 1 }),
            ],
          },
          {
            name: 'Stop band',
            stageNo: 2,
            testNo: 1,
            calibrations: [CAL],
            steps: [{ ...step(1, ActionId.InsertionLossMax), isDefaultName: false, name: 'Stop band loss' }],
          },
        ],
      },
    ],
  };
}
