import type { Step } from '@sweepline/domain';

/** The step columns a change writes, as jsonb_to_recordset reads them. */
export const STEP_RECORD = `x(id int, position int, name text, is_default_name boolean, instrument_id smallint,
  action_id smallint, param jsonb, is_completed boolean, errors jsonb)`;

/** A step at its position as one record of STEP_RECORD. */
export type StepRecord = ReturnType<typeof recordOf>;

function recordOf(step: Step, position: number) {
  return {
    id: step.id,
    position,
    name: step.name,
    is_default_name: step.isDefaultName,
    instrument_id: step.instrumentId,
    action_id: step.actionId,
    param: step.param,
    is_completed: step.isCompleted,
    errors: step.errors,
  };
}

function sameErrors(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, i) => line === b[i]);
}

function differs(before: Step, after: Step): boolean {
  return (
    before.name !== after.name ||
    before.isDefaultName !== after.isDefaultName ||
    before.instrumentId !== after.instrumentId ||
    before.actionId !== after.actionId ||
    before.isCompleted !== after.isCompleted ||
    !sameErrors(before.errors, after.errors) ||
    // the domain returns the same param object when it changes nothing
    (before.param !== after.param && JSON.stringify(before.param) !== JSON.stringify(after.param))
  );
}

/** What a change does to a test's step rows: so a save writes only the rows that changed. */
export interface StepChanges {
  removed: number[];
  added: StepRecord[];
  changed: StepRecord[];
}

/** The rows to delete, insert and update to turn the test's steps `before` into `after` (in order). */
export function stepChanges(before: readonly Step[], after: readonly Step[]): StepChanges {
  const old = new Map(before.map((step, position) => [step.id, { step, position }]));
  const kept = new Set(after.map((step) => step.id));
  const removed = before.filter((step) => !kept.has(step.id)).map((step) => step.id);
  const added: StepRecord[] = [];
  const changed: StepRecord[] = [];
  after.forEach((step, position) => {
    const was = old.get(step.id);
    if (!was) added.push(recordOf(step, position));
    else if (was.position !== position || differs(was.step, step)) changed.push(recordOf(step, position));
  });
  return { removed, added, changed };
}
