import { ActionId, findAction } from '../catalogue/catalogue';
import type { Seq } from '../entities/entities';
import { CAL, completeParam } from '../testing/step-fixtures';
import { exportProduct, testExport } from './export-tests';
import { testExportErrors, TEST_EXPORT_MSG } from './test-export-errors';

function seq(): Seq {
  const step = (id: number, actionId: ActionId, param: object = {}) => ({
    id,
    name: `Step ${id}`,
    isDefaultName: true,
    instrumentId: findAction(actionId)!.instrumentId,
    actionId,
    param: { ...completeParam(actionId), ...param } as Seq['steps'][0]['param'],
    isCompleted: true,
    errors: [],
  });
  return {
    id: 7,
    name: 'Pass band',
    stageNo: 1,
    testNo: 2,
    isCompleted: true,
    cals: [CAL],
    steps: [
      step(40, ActionId.InsertionLossMax),
      step(41, ActionId.GainMax, { bindStepId: 41 }),
      step(42, ActionId.Diff, { stepId1: 40, stepId2: 41 }),
      step(43, ActionId.Rejection, { bindStepId: 40 }),
    ],
    createUserName: 'Erin',
    createTime: '2026-11-25T00:00:00.000Z',
    updateUserName: 'Erin',
    updateTime: '2026-11-25T00:00:00.000Z',
  };
}

const product = () => ({
  id: 3,
  name: 'F-200',
  model: 'BPF',
  info: '',
  seqs: [seq()],
  createUserName: '',
  createTime: '',
  updateUserName: '',
  updateTime: '',
});

describe('the test export (format v1)', () => {
  it('numbers steps and turns references into step numbers, leaving other fields alone', () => {
    const [test] = exportProduct(product()).tests;
    expect(test).toMatchObject({ name: 'Pass band', stageNo: 1, testNo: 2, calibrations: [CAL] });
    expect(test!.steps.map((s) => s.number)).toEqual([1, 2, 3, 4]);
    expect(test!.steps[2]!.param).toMatchObject({ stepId1: 1, stepId2: 2 });
    expect(test!.steps[3]!.param).toMatchObject({ bindStepId: 1 });
    // Gain Max does not use a depending step: its bindStepId is not a reference
    expect(test!.steps[1]!.param).toMatchObject({ bindStepId: 41 });
    expect(JSON.stringify(test)).not.toMatch(/"id":7|createUserName|isCompleted/);
  });

  it('accepts its own export and refuses what the editor would refuse, naming the place', () => {
    const doc = testExport([exportProduct(product())]);
    expect(testExportErrors(doc)).toEqual([]);
    const broken = (change: (d: typeof doc) => void) => {
      const copy = JSON.parse(JSON.stringify(doc)) as typeof doc;
      change(copy);
      return testExportErrors(copy)[0];
    };
    expect(broken((d) => ((d as { format: string }).format = 'x'))).toEqual({
      field: 'format',
      message: TEST_EXPORT_MSG.notAnExport,
    });
    expect(broken((d) => ((d as { version: number }).version = 2))?.field).toBe('version');
    expect(broken((d) => (d.products[0]!.tests[0]!.stageNo = 0))).toEqual({
      field: 'products[0].tests[0].stageNo',
      message: 'Stage and test numbers are integers 1-99',
    });
    expect(broken((d) => (d.products[0]!.tests[0]!.steps[1]!.number = 3))?.field).toBe(
      'products[0].tests[0].steps[1].number',
    );
    expect(broken((d) => Object.assign(d.products[0]!.tests[0]!.steps[2]!.param, { stepId1: 9 }))).toEqual({
      field: 'products[0].tests[0].steps[2].param.stepId1',
      message: TEST_EXPORT_MSG.reference(4),
    });
    expect(broken((d) => (d.products[0]!.tests[0]!.calibrations[0]!.power_dBm = 99))?.field).toBe(
      'products[0].tests[0].calibrations[0].power_dBm',
    );
    expect(
      broken((d) => d.products[0]!.tests.push({ ...d.products[0]!.tests[0]!, name: 'PASS BAND', testNo: 3 })),
    ).toEqual({
      field: 'products[0].tests[1].name',
      message: TEST_EXPORT_MSG.sameName('PASS BAND'),
    });
    expect(
      broken((d) => d.products[0]!.tests.push({ ...d.products[0]!.tests[0]!, name: 'Other' }))?.message,
    ).toBe('Stage-test 1-2 is used more than once');
    expect(broken((d) => d.products.push({ ...d.products[0]!, name: 'f-200' }))?.field).toBe(
      'products[1].name',
    );
  });
});
