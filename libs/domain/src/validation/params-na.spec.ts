import { ActionId } from '../catalogue/catalogue';
import { MSG } from '../limits/messages';
import { NO_ID } from '../params/params.types';
import { CAL, errorsWith, NAME_LENGTH_CASES } from '../testing/step-fixtures';
import { VMSG } from './messages';

const il = (values: Record<string, unknown>) => errorsWith(ActionId.InsertionLossMax, values);
const one = (field: string, message: string) => [{ field, message }];

describe('general NA param', () => {
  it.each(NAME_LENGTH_CASES)('takes a title of %p characters: %p', (length, message) => {
    expect(il({ title: 't'.repeat(length) })).toEqual(message ? one('title', message) : []);
  });

  it('needs an existing calibration, and then an S parameter it offers', () => {
    expect(il({ calId: NO_ID })).toEqual([
      { field: 'calId', message: VMSG.chooseCalibration },
      { field: 'sParam', message: VMSG.chooseSParam },
    ]);
    expect(il({ calId: 9 })[0]).toEqual({ field: 'calId', message: VMSG.chooseCalibration });
    expect(il({ sParam: '' })).toEqual(one('sParam', VMSG.chooseSParam));
    expect(il({ sParam: 'S11' })).toEqual(one('sParam', VMSG.chooseSParam));
    expect(errorsWith(ActionId.ReturnLoss, { sParam: 'S22' })).toEqual([]);
  });

  it('needs the start not above the stop, both inside the calibration range', () => {
    expect(il({ startFreq_MHz: 500, stopFreq_MHz: 500 })).toEqual([]);
    expect(il({ startFreq_MHz: 600, stopFreq_MHz: 500 })).toEqual(
      one('startFreq_MHz', MSG.lineStartGreaterThanStop),
    );
    expect(il({ startFreq_MHz: 100, stopFreq_MHz: 1000 })).toEqual([]);
    expect(il({ startFreq_MHz: 99, stopFreq_MHz: 1001 })).toEqual([
      { field: 'startFreq_MHz', message: MSG.lineOutOfCalRange },
      { field: 'stopFreq_MHz', message: MSG.lineOutOfCalRange },
    ]);
    expect(il({ startFreq_MHz: null, stopFreq_MHz: -1 })).toEqual([
      { field: 'startFreq_MHz', message: VMSG.enterNumber },
      { field: 'stopFreq_MHz', message: VMSG.atLeast(0) },
    ]);
  });

  it('checks the range only once the calibration has one', () => {
    const open = { ...CAL, stopFreq_MHz: null };
    expect(
      errorsWith(ActionId.InsertionLossMax, { startFreq_MHz: 5000, stopFreq_MHz: 6000 }, [open]),
    ).toEqual([]);
  });

  it('measures Phase at one frequency instead of a range', () => {
    expect(errorsWith(ActionId.Phase, { startFreq_MHz: null, stopFreq_MHz: null })).toEqual([]);
    expect(errorsWith(ActionId.Phase, { freq_MHz: null })).toEqual(one('freq_MHz', VMSG.enterNumber));
    expect(errorsWith(ActionId.Phase, { freq_MHz: 2000 })).toEqual(one('freq_MHz', MSG.lineOutOfCalRange));
  });

  it('needs a Cross window above 0 and not wider than the range', () => {
    const cross = (spanFreq_MHz: unknown) => errorsWith(ActionId.GainVariationCross, { spanFreq_MHz });
    expect(cross(0)).toEqual(one('spanFreq_MHz', VMSG.greaterThan(0)));
    expect(cross(600)).toEqual([]);
    expect(cross(600.5)).toEqual(one('spanFreq_MHz', VMSG.spanTooLarge));
    expect(il({ spanFreq_MHz: null })).toEqual([]);
  });

  it('needs a depending step among the earlier candidates for Rejection and Coupler', () => {
    expect(errorsWith(ActionId.CouplerMax, { bindStepId: 2 })).toEqual([]);
    expect(errorsWith(ActionId.Rejection, { bindStepId: NO_ID })).toEqual(
      one('bindStepId', VMSG.chooseDependingStep),
    );
    expect(errorsWith(ActionId.Rejection, { bindStepId: 3 })).toEqual(
      one('bindStepId', VMSG.chooseDependingStep),
    );
    expect(il({ bindStepId: NO_ID })).toEqual([]);
  });

  it('needs an upper or a lower limit, the lower not above the upper', () => {
    expect(il({ upper: null, lower: null })).toEqual(one('upper', VMSG.enterLimit));
    expect(il({ upper: null, lower: -3 })).toEqual([]);
    expect(il({ upper: 1, lower: 1 })).toEqual([]);
    expect(il({ upper: 1, lower: 2 })).toEqual(one('lower', VMSG.lowerAboveUpper));
  });

  it('needs a whole average of at least 1, smooth and reference position 0-100', () => {
    expect(il({ average: 0, smooth: -1, refPos: 101 })).toEqual([
      { field: 'average', message: VMSG.atLeast(1) },
      { field: 'smooth', message: VMSG.between(0, 100) },
      { field: 'refPos', message: VMSG.between(0, 100) },
    ]);
    expect(il({ average: 1.5 })).toEqual(one('average', VMSG.mustBeInteger));
    expect(il({ average: 1, smooth: 100, refPos: 0 })).toEqual([]);
  });

  it('needs a gating window with the start below the stop, only while gating is on', () => {
    expect(il({ gatingStart_ns: 10, gatingStop_ns: 10 })).toEqual([]);
    expect(il({ isGating: true, gatingStart_ns: 10, gatingStop_ns: 10 })).toEqual(
      one('gatingStart_ns', VMSG.gatingStartNotBelowStop),
    );
    expect(il({ isGating: true, gatingStart_ns: 0, gatingStop_ns: null })).toEqual(
      one('gatingStop_ns', VMSG.enterNumber),
    );
    expect(il({ isGating: true, gatingStart_ns: -2, gatingStop_ns: 10 })).toEqual([]);
  });
});

describe('cable param', () => {
  const cable = (values: Record<string, unknown>) => errorsWith(ActionId.Cable, values);

  it('needs port limits of at least 0 when SWR is chosen', () => {
    expect(cable({ port1Limit: -0.1, port2Limit: null })).toEqual([
      { field: 'port1Limit', message: VMSG.atLeast(0) },
      { field: 'port2Limit', message: VMSG.enterNumber },
    ]);
    expect(cable({ port1Limit: 0, port2Limit: 0 })).toEqual([]);
  });

  it('takes negative port limits for Return Loss', () => {
    expect(cable({ port12MeasType: 'Return Loss', port1Limit: -15, port2Limit: -15 })).toEqual([]);
  });

  it('needs a transmission loss limit of at most 0', () => {
    expect(cable({ transLossLimit_dB: 0 })).toEqual([]);
    expect(cable({ transLossLimit_dB: 0.1 })).toEqual(one('transLossLimit_dB', VMSG.atMost(0)));
    expect(cable({ transLossLimit_dB: null })).toEqual(one('transLossLimit_dB', VMSG.enterNumber));
  });

  it('needs a calibration and a range inside it', () => {
    expect(cable({ calId: NO_ID, stopFreq_MHz: 5000 })).toEqual(one('calId', VMSG.chooseCalibration));
    expect(cable({ stopFreq_MHz: 5000 })).toEqual(one('stopFreq_MHz', MSG.lineOutOfCalRange));
  });
});

describe('diff param', () => {
  const diff = (values: Record<string, unknown>) => errorsWith(ActionId.Diff, values);

  it('needs two different earlier measurement steps', () => {
    expect(diff({ stepId1: 2, stepId2: 1 })).toEqual([]);
    expect(diff({ stepId1: NO_ID, stepId2: 3 })).toEqual([
      { field: 'stepId1', message: VMSG.chooseStep },
      { field: 'stepId2', message: VMSG.chooseStep },
    ]);
    expect(diff({ stepId1: 1, stepId2: 1 })).toEqual(one('stepId2', VMSG.sameSteps));
  });

  it('needs a limit, defaulting to a lower limit of 0', () => {
    expect(diff({ upper: null })).toEqual([]);
    expect(diff({ upper: null, lower: null })).toEqual(one('upper', VMSG.enterLimit));
  });
});

describe('Save SnP param', () => {
  const snp = (value: unknown) => errorsWith(ActionId.SaveSnp, { value });

  it('needs a file name of up to 200 name characters', () => {
    expect(snp('')).toEqual(one('value', MSG.emptyInput));
    expect(snp('a'.repeat(200))).toEqual([]);
    expect(snp('a'.repeat(201))).toEqual(one('value', MSG.noMoreThanCharacters(200)));
    expect(snp('dut:1.s2p')).toEqual(one('value', MSG.invalidCharacter));
  });
});
