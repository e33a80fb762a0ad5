import type { AuditChange } from '../api/audit';
import type { Calibration } from '../calibration/calibration.types';
import type { Step } from '../entities/entities';
import { auditChanges } from './audit-chain';

/** What of a test's content the trail records: its steps in order and its calibrations. */
export interface TestContent {
  steps: readonly Step[];
  cals: readonly Calibration[];
}

/** The fields of a step a person sets; completeness and errors follow from them. */
const STEP_FIELDS = ['name', 'instrumentId', 'actionId'] as const;

function stepSummary(step: Step) {
  return { name: step.name, instrumentId: step.instrumentId, actionId: step.actionId, param: step.param };
}

/**
 * The audit changes of a test's content (docs/audit.md): a removed or added step as one field
 * `steps.<id>` with its name, type and params; a kept step's changed name, type or single params
 * as `steps.<id>.name`, `steps.<id>.param.<key>`; a new relative order of the kept steps as
 * `steps.order` (a step added or removed alone moves no other); the calibrations as `cals`.
 */
export function testContentChanges(before: TestContent, after: TestContent): AuditChange[] {
  const old = new Map(before.steps.map((step) => [step.id, step]));
  const now = new Map(after.steps.map((step) => [step.id, step]));
  const changes: AuditChange[] = [];
  for (const step of before.steps) {
    if (!now.has(step.id)) changes.push({ field: `steps.${step.id}`, from: stepSummary(step), to: null });
  }
  for (const step of after.steps) {
    const was = old.get(step.id);
    if (!was) {
      changes.push({ field: `steps.${step.id}`, from: null, to: stepSummary(step) });
      continue;
    }
    for (const c of auditChanges(was, step, STEP_FIELDS))
      changes.push({ ...c, field: `steps.${step.id}.${c.field}` });
    const params = auditChanges(paramRecord(was), paramRecord(step));
    for (const c of params) changes.push({ ...c, field: `steps.${step.id}.param.${c.field}` });
  }
  const keptBefore = before.steps.filter((s) => now.has(s.id)).map((s) => s.id);
  const keptAfter = after.steps.filter((s) => old.has(s.id)).map((s) => s.id);
  changes.push(...auditChanges({ 'steps.order': keptBefore }, { 'steps.order': keptAfter }));
  changes.push(...auditChanges({ cals: before.cals }, { cals: after.cals }));
  return changes;
}

function paramRecord(step: Step): Record<string, unknown> {
  return (step.param ?? {}) as unknown as Record<string, unknown>;
}
