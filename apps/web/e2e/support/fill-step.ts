import { isDeepStrictEqual } from 'node:util';
import {
  defaultAlignment,
  defaultLimitLine,
  defaultMarker,
  defaultParam,
  defaultTrace,
  FIELD_LABELS,
  VALUE_LABELS,
  type ActionInfo,
  type Alignment,
  type ChoiceOption,
} from '@sweepline/domain';
import { CAL, completeParam, FIRST_IDS } from '@sweepline/domain/src/testing/step-fixtures';
import type { Locator } from 'playwright-core';
import {
  ALIGNMENT_FIELDS,
  LAYOUTS,
  LINE_FIELDS,
  MARKER_FIELDS,
  TRACE_FIELDS,
  type FieldSpec,
  type ParamValue,
} from '../../src/features/product/params/param-layout';

/**
 * Fills the Step Parameters panel of a new step until the step is complete, as a user would:
 * field by field, found by label. What to type comes from libs/domain's complete step of the
 * action (`completeParam`, the fixture the domain and API specs validate), and which fields the
 * panel has, in which order, from the form's own layout of the action's param kind. So every
 * action of the catalogue is filled by the same code, and a new action or field is filled too.
 */

/** A field filled, and the value its input must show again after a reload. */
export interface FilledField {
  input: Locator;
  value: string;
}

interface Scope {
  /** The part of the panel the fields are in: the form, an alignment, a trace, a limit line. */
  root: Locator;
  action: ActionInfo;
  filled: FilledField[];
}

/** Fills the selected step's param with the complete param of its action; returns what it typed. */
export async function fillStep(panel: Locator, action: ActionInfo): Promise<FilledField[]> {
  const scope: Scope = { root: panel, action, filled: [] };
  const want: ParamValue = completeParam(action.id);
  const defaults: ParamValue = defaultParam(action.id);
  await fillFields(scope, LAYOUTS[action.paramKind], want, defaults);
  return scope.filled;
}

/** Each shown field whose complete value is not its default, in the panel's order. */
async function fillFields<T extends ParamValue>(
  scope: Scope,
  fields: readonly FieldSpec<T>[],
  want: T,
  defaults: T,
): Promise<void> {
  for (const field of fields) {
    if (field.when && !field.when({ action: scope.action, value: want, steps: [], cals: [CAL] })) continue;
    if (isDeepStrictEqual(want[field.key], defaults[field.key])) continue;
    await fillField(scope, field, want[field.key]);
  }
}

function labelOf(key: string, action: ActionInfo): string {
  if (key === 'value') return VALUE_LABELS[action.paramKind] ?? 'Value';
  return FIELD_LABELS[key] ?? key;
}

async function typed(scope: Scope, input: Locator, value: string): Promise<void> {
  await input.fill(value);
  scope.filled.push({ input, value });
}

async function chosen(scope: Scope, select: Locator, value: string): Promise<void> {
  await select.selectOption(value);
  scope.filled.push({ input: select, value });
}

async function fillField<T extends ParamValue>(
  scope: Scope,
  field: FieldSpec<T>,
  value: unknown,
): Promise<void> {
  const { root } = scope;
  const label = labelOf(field.key, scope.action);
  const textbox = () => root.getByRole('textbox', { name: label, exact: true });
  const select = () => root.getByRole('combobox', { name: label, exact: true });
  switch (field.editor) {
    case 'name':
    case 'text':
    case 'longText':
      // a title that follows the default name is written by the server: it stays the name's
      if (field.key === 'title' && (await textbox().inputValue()) !== '') return;
      return typed(scope, textbox(), String(value));
    case 'number':
      return typed(scope, textbox(), String(value));
    case 'switch':
      return root.getByRole('switch', { name: label, exact: true }).setChecked(value === true);
    case 'choice':
    case 'sParam':
    case 'calibration':
      return chosen(scope, select(), String(value));
    case 'step': {
      // the fixture refers to the first and second earlier steps it may: here, the first and
      // second candidates the picker offers (its first entry is None)
      const values = await select()
        .locator('option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
      const candidate = values[FIRST_IDS.indexOf(value as (typeof FIRST_IDS)[number]) + 1];
      if (candidate === undefined) throw new Error(`${label}: no candidate step in ${values.join(', ')}`);
      return chosen(scope, select(), candidate);
    }
    case 'choiceOptions':
      return fillChoices(scope, value as ChoiceOption[]);
    case 'alignments':
      return fillAlignments(scope, value as Alignment[]);
  }
}

async function fillChoices(scope: Scope, options: readonly ChoiceOption[]): Promise<void> {
  const group = scope.root.getByRole('group', { name: 'Answer choices' });
  for (const [i, choice] of options.entries()) {
    const text = group.getByRole('textbox', { name: `Option ${i + 1}`, exact: true });
    if ((await text.count()) === 0) await group.getByRole('button', { name: 'Add option' }).click();
    await typed(scope, text, choice.text);
    if (choice.checked)
      await group.getByRole('radio', { name: `Option ${i + 1} is the correct answer` }).check();
  }
}

async function fillAlignments(scope: Scope, alignments: readonly Alignment[]): Promise<void> {
  for (const [i, alignment] of alignments.entries()) {
    await scope.root.getByRole('button', { name: 'Add alignment' }).click();
    const root = scope.root.getByRole('group', { name: `Alignment ${i + 1} parameters` });
    const inAlignment = { ...scope, root };
    await fillFields(inAlignment, ALIGNMENT_FIELDS, alignment, defaultAlignment());
    for (const [t, trace] of alignment.traceArray.entries()) {
      await root.getByRole('button', { name: 'Add S parameter' }).click();
      const inTrace = { ...scope, root: root.getByRole('group', { name: `Trace ${t + 1}` }) };
      // the S parameter first: it decides which formats the trace offers
      await chosen(inTrace, inTrace.root.getByRole('combobox', { name: FIELD_LABELS.sParam }), trace.sParam);
      await chosen(inTrace, inTrace.root.getByRole('combobox', { name: FIELD_LABELS.df }), String(trace.df));
      if (trace.isActive) await inTrace.root.getByRole('radio', { name: 'Active' }).check();
      await fillFields(inTrace, TRACE_FIELDS, trace, defaultTrace());
      for (const [n, line] of trace.lineArray.entries()) {
        await inTrace.root.getByRole('button', { name: 'Add limit line' }).click();
        const inLine = { ...scope, root: inTrace.root.getByRole('group', { name: `Line ${n + 1}` }) };
        await fillFields(inLine, LINE_FIELDS, line, defaultLimitLine());
      }
      for (const [n, marker] of trace.markerArray.entries()) {
        await inTrace.root.getByRole('button', { name: 'Add marker' }).click();
        const inMarker = { ...scope, root: inTrace.root.getByRole('group', { name: `Marker ${n + 1}` }) };
        await fillFields(inMarker, MARKER_FIELDS, marker, defaultMarker());
      }
    }
  }
}
