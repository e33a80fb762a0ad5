import { findAction } from '../catalogue/catalogue';
import type { DiffParam, GeneralNaParam, StepParam } from '../params/params.types';
import { NO_ID } from '../params/params.types';

/** The param fields of an action that name other steps of the test (docs/requirements/step-parameters.md#catalogue). */
export function referenceFields(actionId: number): ('stepId1' | 'stepId2' | 'bindStepId')[] {
  const action = findAction(actionId);
  if (action?.paramKind === 'diff') return ['stepId1', 'stepId2'];
  if (action?.usesDependingStep) return ['bindStepId'];
  return [];
}

/**
 * The param with each step reference passed through `map` (ids to numbers on export, numbers to
 * ids on import); -1 (none) stays -1, and a reference `map` does not know becomes -1.
 */
export function mapStepReferences(
  actionId: number,
  param: StepParam,
  map: (ref: number) => number | undefined,
): StepParam {
  const fields = referenceFields(actionId);
  if (fields.length === 0) return param;
  const mapped: Record<string, unknown> = { ...param };
  for (const field of fields) {
    const ref = (param as DiffParam & GeneralNaParam)[field];
    mapped[field] = typeof ref === 'number' && ref !== NO_ID ? (map(ref) ?? NO_ID) : ref;
  }
  return mapped as unknown as StepParam;
}
