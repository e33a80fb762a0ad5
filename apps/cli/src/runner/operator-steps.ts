import {
  ActionId,
  answerVerdict,
  judge,
  type DelayParam,
  type ManualParam,
  type MultipleChoiceParam,
  type QuestionParam,
  type Step,
  type TextParam,
} from '@sweepline/domain';
import type { Prompter } from './prompter';
import type { StepOutput } from './rows';
import { formatLimits } from './row-line';
import { heading, NO_LIMITS, row, titleOf } from './rows';

/**
 * A Manual Test's question as the operator reads it, with the limits the value is judged against
 * (issue 38): `Torque of the tuning screws? (limits 0.8 to 1.2 Nm)`; the unit alone without
 * limits (`Length? (mm)`). Limits print as the result row prints them (formatLimits).
 */
export function manualQuestion(p: Pick<ManualParam, 'question' | 'unit' | 'lower' | 'upper'>): string {
  const limits = formatLimits(p.lower, p.upper, p.unit);
  if (limits) return `${p.question} ${limits}`;
  return p.unit ? `${p.question} (${p.unit})` : p.question;
}

/** The Common actions: what the operator reads, waits for, answers or types (docs/requirements/step-parameters.md#common-steps). */
export async function runOperatorStep(step: Step, prompter: Prompter): Promise<StepOutput> {
  switch (step.actionId) {
    case ActionId.Prompt:
      await prompter.acknowledge((step.param as TextParam).value);
      return { rows: [] };
    case ActionId.Header:
      return { rows: [heading((step.param as TextParam).value)] };
    case ActionId.Delay: {
      await prompter.countdown((step.param as DelayParam).value ?? 0, step.name);
      return { rows: [] };
    }
    case ActionId.ManualTest: {
      const p = step.param as ManualParam;
      const value = await prompter.number(manualQuestion(p));
      const limits = { lower: p.lower, upper: p.upper };
      return { rows: [row(titleOf(step), limits, value, p.unit, judge(value, limits))] };
    }
    case ActionId.Question: {
      const p = step.param as QuestionParam;
      const answer = await prompter.yesNo(p.question);
      const expected = [p.answer];
      return {
        rows: [{ ...row(titleOf(step), NO_LIMITS, answer, '', answerVerdict(answer, expected)), expected }],
      };
    }
    case ActionId.MultipleChoice: {
      const p = step.param as MultipleChoiceParam;
      const index = await prompter.choose(
        p.question,
        p.optionArray.map((o) => o.text),
      );
      const option = p.optionArray[index];
      if (!option) throw new RangeError(`No option ${index + 1}`);
      // judged by text, as the server judges it: an option worded as the checked one is that answer
      const expected = p.optionArray.filter((o) => o.checked).map((o) => o.text);
      const result = answerVerdict(option.text, expected);
      return { rows: [{ ...row(titleOf(step), NO_LIMITS, option.text, '', result), expected }] };
    }
    default:
      throw new Error(`Action ${step.actionId} is not an operator step`);
  }
}
