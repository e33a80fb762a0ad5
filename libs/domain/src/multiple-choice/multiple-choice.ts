/** Rules for the answer choices of a Multiple Choice step (docs/requirements/step-parameters.md#multiple-choice). */
import { LIMITS } from '../limits/limits';
import { MSG } from '../limits/messages';
import { appendUpTo, isIndexOf, removeAt } from '../lists/lists';
import { defaultChoiceOption } from '../params/defaults';
import type { ChoiceOption } from '../params/params.types';

/**
 * docs/requirements/step-parameters.md#multiple-choice: answers are exclusive, so checking one unchecks the others. Checking the one
 * already checked keeps it checked, like a radio button: the step always names one expected
 * answer once the editor has picked it. A stale index changes nothing.
 */
export function checkOption(options: readonly ChoiceOption[], index: number): ChoiceOption[] {
  if (!isIndexOf(options, index)) return [...options];
  return options.map((option, i) => ({ ...option, checked: i === index }));
}

export function addOption(
  options: readonly ChoiceOption[],
): { options: ChoiceOption[] } | { error: typeof MSG.upTo9AnswerChoices } {
  const next = appendUpTo(options, defaultChoiceOption(), LIMITS.maxChoiceOptions);
  return next ? { options: next } : { error: MSG.upTo9AnswerChoices };
}

/** docs/requirements/step-parameters.md#multiple-choice: at least 2 options stay; at 2 (or a stale index) the same list comes back. */
export function removeOption(options: ChoiceOption[], index: number): ChoiceOption[] {
  if (options.length <= LIMITS.minChoiceOptions || !isIndexOf(options, index)) return options;
  return removeAt(options, index);
}
