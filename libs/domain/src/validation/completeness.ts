/**
 * Whether steps and tests are complete (docs/requirements/test-editor.md#step-tools: an asterisk on an incomplete test or
 * step, and a tooltip listing the step's errors). The runner downloads only complete tests.
 */
import type { ParamKind } from '../catalogue/catalogue';
import { findAction } from '../catalogue/catalogue';
import type { Seq, Step } from '../entities/entities';
import type { FieldError } from './fields';
import { FIELD_LABELS, ITEM_LABELS, VALUE_LABELS } from './messages';
import type { StepContext } from './param-rules';
import { validateStepParam } from './step-params';

export interface Completeness {
  isCompleted: boolean;
  /** One line per broken field, 'Start frequency: Enter a number', in panel order, no repeats. */
  errors: string[];
}

const ITEM = /^(\w+)\[(\d+)\]$/;
const TOOLTIP_LINES = 2;

/** The record's own entry: a field named 'constructor' must not find Object's. */
function own(record: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function segmentLabel(segment: string, kind: ParamKind | undefined): string | undefined {
  const item = ITEM.exec(segment);
  if (item) return `${own(ITEM_LABELS, String(item[1])) ?? item[1]} ${Number(item[2]) + 1}`;
  // an array field's own messages ('Up to 9 Markers') already name what they are about
  if (own(ITEM_LABELS, segment) !== undefined) return undefined;
  if (segment === 'value') return (kind && own(VALUE_LABELS, kind)) ?? 'Value';
  return own(FIELD_LABELS, segment) ?? segment;
}

/**
 * The tooltip line of one error: the labels of its path, then the message;
 * 'channelArray[0].traceArray[1].scale' reads 'Alignment 1, Trace 2, Scale: Must be at least 0'.
 */
export function errorLine(error: FieldError, kind?: ParamKind): string {
  const labels = error.field.split('.').flatMap((segment) => segmentLabel(segment, kind) || []);
  return labels.length > 0 ? `${labels.join(', ')}: ${error.message}` : error.message;
}

/** The lines of `errors` in their order, each line once. */
export function errorLines(errors: readonly FieldError[], kind?: ParamKind): string[] {
  // most steps are complete: no Set to build for them
  if (errors.length === 0) return [];
  return [...new Set(errors.map((e) => errorLine(e, kind)))];
}

export function stepCompleteness(step: Step, ctx: StepContext): Completeness {
  const errors = errorLines(validateStepParam(step, ctx), findAction(step.actionId)?.paramKind);
  return { isCompleted: errors.length === 0, errors };
}

/**
 * The test with every step's isCompleted and errors recomputed, and its own isCompleted. A step's
 * completeness depends on its neighbours (Diff and depending steps) and on the calibrations, so
 * all steps are recomputed together. A test without steps is not complete: there is nothing to run.
 */
export function withCompleteness(seq: Seq): Seq {
  const steps = seq.steps.map((step, index) => ({
    ...step,
    ...stepCompleteness(step, { steps: seq.steps, index, cals: seq.cals }),
  }));
  return { ...seq, steps, isCompleted: steps.length > 0 && steps.every((s) => s.isCompleted) };
}

/** docs/requirements/test-editor.md#step-tools: the tooltip shows up to 2 errors, one per line, then an ellipsis line. */
export function tooltipErrors(errors: readonly string[]): string {
  const shown = errors.slice(0, TOOLTIP_LINES);
  return (errors.length > TOOLTIP_LINES ? [...shown, '…'] : shown).join('\n');
}
