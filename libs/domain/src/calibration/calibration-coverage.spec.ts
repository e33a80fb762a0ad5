import { ActionId } from '../catalogue/catalogue';
import { completeAlignment, completeParam, makeStep } from '../testing/step-fixtures';
import { defaultCalibration } from '../params/defaults';
import type { Step } from '../entities/entities';
import { calibrationConnections, calibrationCoverageWarnings } from './calibration-coverage';

const cal = (id: number, type: 1 | 2 | 3 | 4 | 5, ports: string) => ({
  ...defaultCalibration(id, type, ports),
  startFreq_MHz: 100,
  stopFreq_MHz: 1000,
});
const measuring = (id: number, actionId: ActionId, sParam: string, calId = 1): Step =>
  makeStep(id, actionId, { ...completeParam(actionId), calId, sParam } as Step['param']);

describe('calibrationConnections: what the mechanical kit asks of the operator', () => {
  it('open, short and load per port, a thru per pair; one thru for a Thru calibration', () => {
    expect([1, 2, 3, 4, 5].map((type) => calibrationConnections(type as 1 | 2 | 3 | 4 | 5))).toEqual([
      3, 7, 12, 18, 1,
    ]);
  });
});

describe('calibrationCoverageWarnings (issue 38)', () => {
  it('warns when a 2-port calibration only serves S11 (ANT-900 as it was seeded)', () => {
    const steps = [measuring(1, ActionId.Swr, 'S11'), measuring(2, ActionId.ReturnLoss, 'S11')];
    expect(calibrationCoverageWarnings(steps, [cal(1, 2, '1-2')])).toEqual([
      {
        calId: 1,
        message:
          'Only S11 is measured with calibration 1: a 1-port calibration of port 1 needs 3 connections instead of 7.',
      },
    ]);
  });

  it('names every S parameter and the ports a smaller calibration needs', () => {
    const steps = [measuring(1, ActionId.InsertionLossMax, 'S21'), measuring(2, ActionId.ReturnLoss, 'S11')];
    expect(calibrationCoverageWarnings(steps, [cal(1, 3, '1-2-3')])[0]!.message).toBe(
      'Only S11 and S21 are measured with calibration 1: a 2-port calibration of ports 1-2 needs 7 connections instead of 12.',
    );
    expect(
      calibrationCoverageWarnings([measuring(1, ActionId.ReturnLoss, 'S22')], [cal(1, 2, '1-2')])[0]!.message,
    ).toContain('a 1-port calibration of port 2');
  });

  it('says nothing when the steps measure every port, or the calibration is unused or a Thru', () => {
    const both = [measuring(1, ActionId.InsertionLossMax, 'S21'), measuring(2, ActionId.ReturnLoss, 'S11')];
    expect(calibrationCoverageWarnings(both, [cal(1, 2, '1-2')])).toEqual([]);
    expect(calibrationCoverageWarnings([], [cal(1, 2, '1-2')])).toEqual([]);
    expect(
      calibrationCoverageWarnings([measuring(1, ActionId.InsertionLossMax, 'S21')], [cal(1, 5, '1-2')]),
    ).toEqual([]);
    expect(calibrationCoverageWarnings([measuring(1, ActionId.ReturnLoss, 'S11')], [cal(1, 1, '1')])).toEqual(
      [],
    );
  });

  it("counts an alignment's traces, and a Cable or Save SnP as needing every port", () => {
    const align = makeStep(1, ActionId.Align, { channelArray: [completeAlignment()] });
    // its traces are S21 and S11: both ports of calibration 1
    expect(calibrationCoverageWarnings([align], [cal(1, 2, '1-2')])).toEqual([]);
    const reflection = measuring(1, ActionId.ReturnLoss, 'S11');
    const cable = makeStep(2, ActionId.Cable, {
      ...completeParam(ActionId.Cable),
      calId: 1,
    } as Step['param']);
    expect(calibrationCoverageWarnings([reflection, cable], [cal(1, 2, '1-2')])).toEqual([]);
    const snp = makeStep(2, ActionId.SaveSnp, completeParam(ActionId.SaveSnp));
    expect(calibrationCoverageWarnings([reflection, snp], [cal(1, 2, '1-2')])).toEqual([]);
  });

  it('warns per calibration, each for its own steps', () => {
    const steps = [
      measuring(1, ActionId.ReturnLoss, 'S11', 1),
      measuring(2, ActionId.InsertionLossMax, 'S21', 2),
    ];
    expect(
      calibrationCoverageWarnings(steps, [cal(1, 2, '1-2'), cal(2, 2, '1-2')]).map((w) => w.calId),
    ).toEqual([1]);
  });
});
