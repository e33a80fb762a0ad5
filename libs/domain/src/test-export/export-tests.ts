import type { Product, Seq } from '../entities/entities';
import { mapStepReferences } from './step-references';
import type { ExportedProduct, ExportedTest, TestExport } from './test-export.types';
import { TEST_EXPORT_FORMAT, TEST_EXPORT_VERSION } from './test-export.types';

/** A test as the export file holds it: step ids become step numbers. */
export function exportTest(seq: Seq): ExportedTest {
  const numbers = new Map(seq.steps.map((step, i) => [step.id, i + 1]));
  return {
    name: seq.name,
    stageNo: seq.stageNo,
    testNo: seq.testNo,
    calibrations: seq.cals,
    steps: seq.steps.map((step, i) => ({
      number: i + 1,
      name: step.name,
      isDefaultName: step.isDefaultName,
      instrumentId: step.instrumentId,
      actionId: step.actionId,
      param: mapStepReferences(step.actionId, step.param, (id) => numbers.get(id)),
    })),
  };
}

export function exportProduct(product: Product, testNames?: readonly string[]): ExportedProduct {
  const wanted = testNames?.map((name) => name.trim().toLowerCase());
  const seqs = wanted ? product.seqs.filter((seq) => wanted.includes(seq.name.toLowerCase())) : product.seqs;
  return {
    name: product.name,
    model: product.model,
    info: product.info,
    tests: [...seqs].sort((a, b) => a.stageNo - b.stageNo || a.testNo - b.testNo).map(exportTest),
  };
}

export function testExport(products: readonly ExportedProduct[]): TestExport {
  return { format: TEST_EXPORT_FORMAT, version: TEST_EXPORT_VERSION, products: [...products] };
}
