import type { ActionId, InstrumentId } from '../catalogue/catalogue';
import type { Calibration } from '../calibration/calibration.types';
import type { StepParam } from '../params/params.types';

/**
 * The file of `sweepline test export` and `test import` (docs/cli.md, JSON Schema in
 * docs/schemas/test-export.v1.json): products with their tests, steps, parameters and
 * calibrations, without anything an account owns (ids, who changed what and when) or the server
 * works out (completeness, step errors). Test plans kept in version control diff well.
 */
export const TEST_EXPORT_FORMAT = 'sweepline-test-export';
/** Raised when a change would make older programs read a file wrongly. */
export const TEST_EXPORT_VERSION = 1;

export interface TestExport {
  format: typeof TEST_EXPORT_FORMAT;
  version: typeof TEST_EXPORT_VERSION;
  products: ExportedProduct[];
}

export interface ExportedProduct {
  name: string;
  model: string;
  info: string;
  /** In stage-test order. */
  tests: ExportedTest[];
}

export interface ExportedTest {
  name: string;
  stageNo: number;
  testNo: number;
  calibrations: Calibration[];
  steps: ExportedStep[];
}

/**
 * A step. References to other steps of the test in its param (a Diff's `stepId1`/`stepId2`, a
 * depending step's `bindStepId`) hold step **numbers** (1-based `number`), or -1 for none,
 * instead of the account's step ids.
 */
export interface ExportedStep {
  number: number;
  name: string;
  isDefaultName: boolean;
  instrumentId: InstrumentId;
  actionId: ActionId;
  param: StepParam;
}
