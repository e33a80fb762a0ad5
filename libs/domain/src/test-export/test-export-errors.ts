import { findAction } from '../catalogue/catalogue';
import { LIMITS } from '../limits/limits';
import { PROCESS_CONTROL_MSG } from '../editor/process-control';
import {
  calibrationsErrors,
  productDialogErrors,
  stepDialogErrors,
  testNameDialogErrors,
} from '../validation/dialogs';
import type { FieldError } from '../validation/fields';
import { underPrefix } from '../validation/fields';
import { isRecord, paramShapeErrors } from '../validation/shape';
import { NO_ID } from '../params/params.types';
import { referenceFields } from './step-references';
import { TEST_EXPORT_FORMAT, TEST_EXPORT_VERSION } from './test-export.types';

/** Ours: the editor's limit of steps in a test (docs/api/editor.md). */
export const STEPS_PER_TEST = 500;

export const TEST_EXPORT_MSG = {
  notAnExport: `Not a Sweepline test export: "format" must be "${TEST_EXPORT_FORMAT}"`,
  version: (version: unknown) =>
    `Version ${String(version)} of the test export is not known to this program (it reads version ${TEST_EXPORT_VERSION}): update it`,
  mustBeList: 'Must be a list',
  mustBeText: 'Must be a text',
  mustBeTrueOrFalse: 'Must be true or false',
  stepNumber: (n: number) => `Must be ${n}: steps are numbered 1, 2, 3… in order`,
  tooManySteps: `Up to ${STEPS_PER_TEST} steps in a test`,
  reference: (count: number) => `A step number from 1 to ${count}, or -1 for none`,
  sameName: (name: string) => `${name} is named twice`,
} as const;

const err = (field: string, message: string): FieldError[] => [{ field, message }];
const isText = (v: unknown): v is string => typeof v === 'string';
const isStageOrTestNo = (v: unknown) =>
  Number.isInteger(v) && (v as number) >= LIMITS.minStageOrTestNo && (v as number) <= LIMITS.maxStageOrTestNo;

function stepErrors(step: unknown, index: number, count: number): FieldError[] {
  if (!isRecord(step)) return err('', TEST_EXPORT_MSG.mustBeList);
  if (step.number !== index + 1) return err('number', TEST_EXPORT_MSG.stepNumber(index + 1));
  if (!isText(step.name)) return err('name', TEST_EXPORT_MSG.mustBeText);
  if (typeof step.isDefaultName !== 'boolean') return err('isDefaultName', TEST_EXPORT_MSG.mustBeTrueOrFalse);
  const dialog = stepDialogErrors({
    instrumentId: step.instrumentId as number,
    actionId: step.actionId as number,
    isDefaultName: step.isDefaultName,
    name: step.name,
  });
  if (dialog.length > 0) return dialog;
  const kind = findAction(step.actionId as number)!.paramKind;
  const shape = paramShapeErrors(kind, step.param);
  if (shape.length > 0) return underPrefix(shape, 'param.');
  const param = step.param as Record<string, unknown>;
  return referenceFields(step.actionId as number).flatMap((field) => {
    const ref = param[field];
    return ref === NO_ID || (Number.isInteger(ref) && (ref as number) >= 1 && (ref as number) <= count)
      ? []
      : err(`param.${field}`, TEST_EXPORT_MSG.reference(count));
  });
}

/** One test of the file: name, numbers, calibrations and every step (what PUT /seq/import checks). */
export function exportedTestErrors(test: unknown): FieldError[] {
  if (!isRecord(test)) return err('', TEST_EXPORT_MSG.mustBeList);
  if (!isText(test.name)) return err('name', TEST_EXPORT_MSG.mustBeText);
  const name = testNameDialogErrors({ name: test.name });
  if (name.length > 0) return name;
  if (!isStageOrTestNo(test.stageNo)) return err('stageNo', PROCESS_CONTROL_MSG.outOfRange);
  if (!isStageOrTestNo(test.testNo)) return err('testNo', PROCESS_CONTROL_MSG.outOfRange);
  // the API's calibration checks name the list `cals`; the file calls it `calibrations`
  const cals = calibrationsErrors(test.calibrations).map((e) => ({
    ...e,
    field: e.field.replace(/^cals/, 'calibrations'),
  }));
  if (cals.length > 0) return cals;
  if (!Array.isArray(test.steps)) return err('steps', TEST_EXPORT_MSG.mustBeList);
  if (test.steps.length > STEPS_PER_TEST) return err('steps', TEST_EXPORT_MSG.tooManySteps);
  const count = test.steps.length;
  return test.steps.flatMap((step, i) => underPrefix(stepErrors(step, i, count), `steps[${i}].`)).slice(0, 1);
}

/** A product of the file: the product dialog's rules, unique test names and stage-test pairs. */
export function exportedProductErrors(product: unknown): FieldError[] {
  if (!isRecord(product)) return err('', TEST_EXPORT_MSG.mustBeList);
  for (const field of ['name', 'model', 'info'] as const) {
    if (!isText(product[field])) return err(field, TEST_EXPORT_MSG.mustBeText);
  }
  const dialog = productDialogErrors({
    name: product.name as string,
    model: product.model as string,
    info: product.info as string,
  });
  if (dialog.length > 0) return dialog;
  if (!Array.isArray(product.tests)) return err('tests', TEST_EXPORT_MSG.mustBeList);
  const names = new Set<string>();
  const pairs = new Set<string>();
  for (const [i, test] of product.tests.entries()) {
    const errors = underPrefix(exportedTestErrors(test), `tests[${i}].`);
    if (errors.length > 0) return errors;
    const { name, stageNo, testNo } = test as { name: string; stageNo: number; testNo: number };
    const key = name.trim().toLowerCase();
    if (names.has(key)) return err(`tests[${i}].name`, TEST_EXPORT_MSG.sameName(name.trim()));
    if (pairs.has(`${stageNo}-${testNo}`))
      return err(`tests[${i}]`, PROCESS_CONTROL_MSG.duplicate(stageNo, testNo));
    names.add(key);
    pairs.add(`${stageNo}-${testNo}`);
  }
  return [];
}

/**
 * The whole file, checked before anything is written (`sweepline test import` and `test diff`):
 * the first error, named by its path (`products[0].tests[1].steps[2].param.startFreq_MHz`).
 */
export function testExportErrors(doc: unknown): FieldError[] {
  if (!isRecord(doc) || doc.format !== TEST_EXPORT_FORMAT) return err('format', TEST_EXPORT_MSG.notAnExport);
  if (doc.version !== TEST_EXPORT_VERSION) return err('version', TEST_EXPORT_MSG.version(doc.version));
  if (!Array.isArray(doc.products)) return err('products', TEST_EXPORT_MSG.mustBeList);
  const names = new Set<string>();
  for (const [i, product] of doc.products.entries()) {
    const errors = underPrefix(exportedProductErrors(product), `products[${i}].`);
    if (errors.length > 0) return errors;
    const name = (product as { name: string }).name.trim();
    if (names.has(name.toLowerCase())) return err(`products[${i}].name`, TEST_EXPORT_MSG.sameName(name));
    names.add(name.toLowerCase());
  }
  return [];
}
