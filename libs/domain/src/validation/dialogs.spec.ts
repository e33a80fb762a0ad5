import { ActionId, InstrumentId } from '../catalogue/catalogue';
import { MSG } from '../limits/messages';
import { defaultCalibration } from '../params/defaults';
import {
  calibrationErrors,
  calibrationsErrors,
  productDialogErrors,
  stepDialogErrors,
  testNameDialogErrors,
} from './dialogs';
import { VMSG } from './messages';
import { NAME_LENGTH_CASES } from '../testing/step-fixtures';

const cal = (id = 1, values: Record<string, unknown> = {}) => ({
  ...defaultCalibration(id, 2, '1-2'),
  startFreq_MHz: 100,
  stopFreq_MHz: 1000,
  ...values,
});
const messageOf = (errors: { field: string; message: string }[], field: string) =>
  errors.find((e) => e.field === field)?.message;

describe('productDialogErrors', () => {
  const product = (name: string, model = '', info = '') => productDialogErrors({ name, model, info });

  it.each(NAME_LENGTH_CASES)('takes a name of %p characters: %p', (length, message) => {
    expect(messageOf(product('n'.repeat(length)), 'name')).toBe(message);
  });

  it('refuses the invalid name characters', () => {
    expect(product('A:B')).toEqual([{ field: 'name', message: MSG.invalidCharacter }]);
  });

  it('leaves model and info optional, up to 100 and 200 free characters', () => {
    expect(product('P', '', '')).toEqual([]);
    expect(product('P', 'M/1 "rev: 2"', 'What? <all> of it')).toEqual([]);
    expect(product('P', 'm'.repeat(100), 'i'.repeat(200))).toEqual([]);
    expect(product('P', 'm'.repeat(101), 'i'.repeat(201))).toEqual([
      { field: 'model', message: MSG.noMoreThanCharacters(100) },
      { field: 'info', message: MSG.noMoreThanCharacters(200) },
    ]);
  });
});

describe('testNameDialogErrors', () => {
  it('follows the name rules', () => {
    expect(testNameDialogErrors({ name: 'Final test' })).toEqual([]);
    expect(testNameDialogErrors({ name: ' ' })).toEqual([{ field: 'name', message: MSG.emptyInput }]);
  });
});

describe('stepDialogErrors', () => {
  const prompt = { instrumentId: InstrumentId.Common, actionId: ActionId.Prompt };

  it('asks to choose a type until a known instrument-action pair is chosen', () => {
    const noType = { instrumentId: -1, actionId: -1, isDefaultName: true, name: '' };
    expect(stepDialogErrors(noType)).toEqual([{ field: 'actionId', message: MSG.chooseType }]);
    const mismatched = { ...prompt, instrumentId: InstrumentId.PimAnalyzer, isDefaultName: true, name: '' };
    expect(stepDialogErrors(mismatched)).toEqual([{ field: 'actionId', message: MSG.chooseType }]);
  });

  it('ignores the name while the default name is on', () => {
    expect(stepDialogErrors({ ...prompt, isDefaultName: true, name: '' })).toEqual([]);
  });

  it('asks for a custom name when the default name is off, then applies the name rules', () => {
    expect(stepDialogErrors({ ...prompt, isDefaultName: false, name: '  ' })).toEqual([
      { field: 'name', message: MSG.inputName },
    ]);
    expect(stepDialogErrors({ ...prompt, isDefaultName: false, name: 'a?' })).toEqual([
      { field: 'name', message: MSG.invalidCharacter },
    ]);
    expect(stepDialogErrors({ ...prompt, isDefaultName: false, name: 'Connect' })).toEqual([]);
  });
});

describe('calibrationErrors', () => {
  it('accepts a complete calibration', () => {
    expect(calibrationErrors(cal())).toEqual([]);
  });

  it('refuses a start above the stop, but not an equal one', () => {
    expect(calibrationErrors(cal(1, { startFreq_MHz: 1001 }))).toEqual([
      { field: 'startFreq_MHz', message: MSG.calStartGreaterThanStop },
    ]);
    expect(calibrationErrors(cal(1, { startFreq_MHz: 1000 }))).toEqual([]);
  });

  it('needs frequencies at least 0', () => {
    expect(calibrationErrors(cal(1, { startFreq_MHz: -1, stopFreq_MHz: null }))).toEqual([
      { field: 'startFreq_MHz', message: VMSG.atLeast(0) },
      { field: 'stopFreq_MHz', message: VMSG.enterNumber },
    ]);
  });

  it.each([
    [-100, undefined],
    [-100.1, VMSG.between(-100, 30)],
    [30, undefined],
    [30.1, VMSG.between(-100, 30)],
  ])('takes a power of %p dBm: %p', (power_dBm, message) => {
    expect(messageOf(calibrationErrors(cal(1, { power_dBm })), 'power_dBm')).toBe(message);
  });

  it('needs whole points and IFBW of at least 1, smoothing 0-100', () => {
    expect(calibrationErrors(cal(1, { freqPoints: 0, IFBW_Hz: 1.5, smoothing: 101 }))).toEqual([
      { field: 'freqPoints', message: VMSG.atLeast(1) },
      { field: 'IFBW_Hz', message: VMSG.mustBeInteger },
      { field: 'smoothing', message: VMSG.between(0, 100) },
    ]);
    expect(calibrationErrors(cal(1, { freqPoints: 1, IFBW_Hz: 1, smoothing: 100 }))).toEqual([]);
  });

  it('needs a type 1-5 and ports valid for it', () => {
    expect(calibrationErrors(cal(1, { type: 6 }))).toEqual([
      { field: 'type', message: VMSG.chooseCalibrationType },
    ]);
    expect(calibrationErrors(cal(1, { type: 1, ports: '1-2' }))).toEqual([
      { field: 'ports', message: VMSG.choosePorts },
    ]);
    expect(calibrationErrors(cal(1, { ports: 7 }))).toEqual([{ field: 'ports', message: VMSG.choosePorts }]);
    expect(calibrationErrors(cal(1, { type: 5, ports: '2-4' }))).toEqual([]);
  });

  it('refuses what is not a calibration object, or a non-integer id', () => {
    expect(calibrationErrors('cal')).toEqual([{ field: '', message: VMSG.invalidValue }]);
    expect(calibrationErrors(cal(1.5))).toEqual([{ field: 'id', message: VMSG.invalidValue }]);
  });
});

describe('calibrationsErrors', () => {
  const cals = (n: number) => Array.from({ length: n }, (_, i) => cal(i + 1));

  it('takes up to 16 calibrations', () => {
    expect(calibrationsErrors(cals(16))).toEqual([]);
    expect(calibrationsErrors(cals(17))).toEqual([{ field: 'cals', message: MSG.upTo16Calibrations }]);
    expect(calibrationsErrors([])).toEqual([]);
  });

  it('names each broken calibration by its place', () => {
    expect(calibrationsErrors([cal(1), cal(2, { stopFreq_MHz: 'x' }), null])).toEqual([
      { field: 'cals[1].stopFreq_MHz', message: VMSG.enterNumber },
      { field: 'cals[2]', message: VMSG.invalidValue },
    ]);
  });

  it('refuses an id used twice, at its second place', () => {
    expect(calibrationsErrors([cal(1), cal(2), cal(1)])).toEqual([
      { field: 'cals[2].id', message: VMSG.duplicateCalibrationId },
    ]);
  });

  it('refuses a list that is not a list', () => {
    expect(calibrationsErrors({ length: 1 })).toEqual([{ field: 'cals', message: VMSG.invalidValue }]);
  });
});
