/**
 * The editor dialogs of docs/requirements/step-parameters.md#calibrations (product, test name, step, 'Set Up Calibrations').
 * Each answers the broken fields in form order, an empty list when the dialog may be saved.
 * The process-control dialog lives with the stage rules.
 */
import { isKnownAction } from '../catalogue/catalogue';
import { isCalibrationType, isValidPorts } from '../calibration/calibration';
import { LIMITS } from '../limits/limits';
import { MSG } from '../limits/messages';
import type { FieldError } from './fields';
import {
  atLeast,
  between,
  fieldErrors,
  integer,
  isFiniteNumber,
  requiredName,
  requiredNumber,
  startAfterStop,
  textError,
  underPrefix,
} from './fields';
import { VMSG } from './messages';
import { isRecord } from './shape';

export interface ProductDialogInput {
  name: string;
  model: string;
  info: string;
}

/** Model is a short optional label (a name's length), info a free description (a long text's). */
export function productDialogErrors(input: ProductDialogInput): FieldError[] {
  return fieldErrors([
    ['name', requiredName(input.name)],
    ['model', textError(input.model, LIMITS.nameLength, false)],
    ['info', textError(input.info, LIMITS.longTextLength, false)],
  ]);
}

export function testNameDialogErrors(input: { name: string }): FieldError[] {
  return fieldErrors([['name', requiredName(input.name)]]);
}

export interface StepDialogInput {
  instrumentId: number;
  actionId: number;
  isDefaultName: boolean;
  name: string;
}

/** docs/requirements/test-editor.md#dialog-rules: 'Choose type' until a known pair is chosen; a custom name is required. */
export function stepDialogErrors(input: StepDialogInput): FieldError[] {
  return fieldErrors([
    ['actionId', isKnownAction(input.instrumentId, input.actionId) ? undefined : MSG.chooseType],
    ['name', input.isDefaultName ? undefined : customNameError(input.name)],
  ]);
}

/** A blank custom name asks for one ('Input name'); a given one follows the name rules. */
function customNameError(name: unknown): string | undefined {
  return typeof name === 'string' && name.trim() !== '' ? requiredName(name) : MSG.inputName;
}

const frequency = (value: unknown) => requiredNumber(value, atLeast(0));

/** Ports are judged only once the type is known: a wrong type is the error to fix first. */
function portsError(type: unknown, ports: unknown): string | undefined {
  if (!isCalibrationType(type)) return undefined;
  return typeof ports === 'string' && isValidPorts(type, ports) ? undefined : VMSG.choosePorts;
}

/** One calibration of the dialog (docs/requirements/step-parameters.md#calibrations), read defensively: it may come as JSON. */
export function calibrationErrors(cal: unknown): FieldError[] {
  if (!isRecord(cal)) return [{ field: '', message: VMSG.invalidValue }];
  return fieldErrors([
    ['id', Number.isInteger(cal.id) ? undefined : VMSG.invalidValue],
    ['type', isCalibrationType(cal.type) ? undefined : VMSG.chooseCalibrationType],
    ['ports', portsError(cal.type, cal.ports)],
    [
      'startFreq_MHz',
      frequency(cal.startFreq_MHz) ??
        startAfterStop(cal.startFreq_MHz, cal.stopFreq_MHz, MSG.calStartGreaterThanStop),
    ],
    ['stopFreq_MHz', frequency(cal.stopFreq_MHz)],
    ['freqPoints', requiredNumber(cal.freqPoints, integer, atLeast(1))],
    ['power_dBm', requiredNumber(cal.power_dBm, between(LIMITS.minCalPower_dBm, LIMITS.maxCalPower_dBm))],
    ['IFBW_Hz', requiredNumber(cal.IFBW_Hz, integer, atLeast(1))],
    ['smoothing', requiredNumber(cal.smoothing, between(0, LIMITS.maxSmooth))],
  ]);
}

/** Ids that appear more than once, each reported at every place after the first. */
function duplicateIdErrors(cals: readonly unknown[]): FieldError[] {
  const seen = new Set<unknown>();
  return cals.flatMap((cal, i) => {
    const id = isRecord(cal) ? cal.id : undefined;
    if (!isFiniteNumber(id)) return [];
    const duplicate = seen.has(id);
    seen.add(id);
    return duplicate ? [{ field: `cals[${i}].id`, message: VMSG.duplicateCalibrationId }] : [];
  });
}

/** The calibrations of a test as saved by POST /seq/cals ({ cals }): at most 16, unique ids. */
export function calibrationsErrors(cals: unknown): FieldError[] {
  if (!Array.isArray(cals)) return [{ field: 'cals', message: VMSG.invalidValue }];
  return [
    ...fieldErrors([['cals', cals.length > LIMITS.calibrationsPerTest ? MSG.upTo16Calibrations : undefined]]),
    ...cals.flatMap((cal, i) => underPrefix(calibrationErrors(cal), `cals[${i}].`)),
    ...duplicateIdErrors(cals),
  ];
}
