/**
 * Value rules of the Common actions (docs/requirements/step-parameters.md#common-steps, docs/requirements/step-parameters.md#other-parameter-rules): Prompt, Report Heading, Delay,
 * Manual Test, Question and Multiple Choice. Their texts are free (a question needs its '?'),
 * so only titles follow the name rules.
 */
import { ActionId } from '../catalogue/catalogue';
import type { Step } from '../entities/entities';
import { LIMITS } from '../limits/limits';
import { MSG } from '../limits/messages';
import type {
  ChoiceOption,
  DelayParam,
  ManualParam,
  MultipleChoiceParam,
  QuestionParam,
  TextParam,
} from '../params/params.types';
import type { FieldError } from './fields';
import { atLeast, fieldErrors, integer, requiredName, requiredNumber, textError } from './fields';
import { VMSG } from './messages';
import { limitChecks } from './param-rules';

const longText = (value: string, required = true) => textError(value, LIMITS.longTextLength, required);

/** A prompt is a long text (200); a report heading is a title-sized one (100). */
export function textParamErrors(p: TextParam, step: Step): FieldError[] {
  const max = step.actionId === ActionId.Header ? LIMITS.nameLength : LIMITS.longTextLength;
  return fieldErrors([['value', textError(p.value, max)]]);
}

export function delayParamErrors(p: DelayParam): FieldError[] {
  return fieldErrors([['value', requiredNumber(p.value, integer, atLeast(0))]]);
}

/** The question of a Manual Test may stay empty: its title already says what to measure. */
export function manualParamErrors(p: ManualParam): FieldError[] {
  return fieldErrors([
    ['title', requiredName(p.title)],
    ['question', longText(p.question, false)],
    ...limitChecks(p),
    ['unit', textError(p.unit, LIMITS.nameLength, false)],
  ]);
}

export function questionParamErrors(p: QuestionParam): FieldError[] {
  return fieldErrors([
    ['title', requiredName(p.title)],
    ['question', longText(p.question)],
  ]);
}

/** 2 to 9 choices, and exactly one of them checked as the expected answer (docs/requirements/test-editor.md). */
function optionsError(options: readonly ChoiceOption[]): string | undefined {
  if (options.length < LIMITS.minChoiceOptions) return VMSG.atLeast2AnswerChoices;
  if (options.length > LIMITS.maxChoiceOptions) return MSG.upTo9AnswerChoices;
  const checked = options.filter((o) => o.checked).length;
  return checked === 0 ? VMSG.chooseAnswer : checked > 1 ? VMSG.oneAnswerOnly : undefined;
}

export function multipleChoiceParamErrors(p: MultipleChoiceParam): FieldError[] {
  return [
    ...fieldErrors([
      ['title', requiredName(p.title)],
      ['question', longText(p.question)],
      ['optionArray', optionsError(p.optionArray)],
    ]),
    ...p.optionArray.flatMap((option, i) =>
      fieldErrors([['text', longText(option.text)]], `optionArray[${i}].`),
    ),
  ];
}
