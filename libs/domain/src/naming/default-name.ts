import type { ActionInfo, ParamKind } from '../catalogue/catalogue';
import { findAction } from '../catalogue/catalogue';
import type { Step } from '../entities/entities';
import { LIMITS } from '../limits/limits';
import type { ParamByKind } from '../params/params.types';
import { NO_ID } from '../params/params.types';
import { formatNumber } from './format-number';
import { cleanNameText, cutToLength } from './name-text';

/**
 * Default step names (docs/requirements/test-editor.md#default-names, "Default-name steps"). The spec's examples put ': '
 * after the action, but ':' is an invalid name character (docs/requirements/test-editor.md#name-rule) and a generated
 * name must pass the same rule as a typed one, so ' - ' takes its place everywhere:
 *
 *   Insertion Loss Max - S21 (800 - 900 MHz)     Phase - S21 (850 MHz)
 *   Gain Variation Cross 5MHz - S21 (800 - 900 MHz)
 *   Cable (800 - 900 MHz)     Alignment Check     Save SnP - dut.s2p     Delay 5 s
 *   Diff - Step 2 - Step 4    Prompt - Connect port 1     Question - {title, else question}
 *   PIM IM3L Reverse - 935 & 960 MHz, 2 x 43 dBm
 *   PIM IM5H Forward - 925-960 & 1805-1880 MHz, 2 x 43 dBm
 *
 * A part none of whose values is entered is left out ('Return Loss - S11', 'Return Loss');
 * in a part that is entered only in half, the missing number shows as '_' ('(800 - _ MHz)'),
 * since '?' is an invalid name character too. User text inside a name (S parameter, file
 * name, prompt, title) loses the invalid characters, and every name is cut to 100 characters.
 */
export const NAME_SEPARATOR = ' - ';
export const NAME_PLACEHOLDER = '_';

export type DefaultNameStep = Pick<Step, 'instrumentId' | 'actionId' | 'param'>;

export interface DefaultNameContext {
  /** The 1-based position of a step in its test, for Diff names; undefined when not found. */
  stepNumberOf?: (stepId: number) => number | undefined;
}

/** Params come from the server and the editor half-filled, so every field may be missing. */
type Loose<K extends ParamKind> = Partial<ParamByKind[K]>;
type NameBuilder<K extends ParamKind> = (
  action: ActionInfo,
  param: Loose<K>,
  context: DefaultNameContext,
) => string;

function num(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? formatNumber(value) : undefined;
}

function text(value: unknown): string {
  return typeof value === 'string' ? cleanNameText(value) : '';
}

/** Two values joined, or undefined when neither is entered. */
function pair(a: string | undefined, b: string | undefined, join: string): string | undefined {
  if (a === undefined && b === undefined) return undefined;
  return `${a ?? NAME_PLACEHOLDER}${join}${b ?? NAME_PLACEHOLDER}`;
}

function withDetail(head: string, detail: string | undefined): string {
  return detail ? `${head}${NAME_SEPARATOR}${detail}` : head;
}

function withMhz(head: string, freq: string | undefined): string {
  return freq === undefined ? head : `${head} (${freq} MHz)`;
}

function stepNumber(stepId: unknown, context: DefaultNameContext): string | undefined {
  if (typeof stepId !== 'number' || stepId === NO_ID) return undefined;
  return num(context.stepNumberOf?.(stepId));
}

const general: NameBuilder<'general'> = (action, p) => {
  // docs/requirements/step-parameters.md#catalogue: the Cross xMHz actions judge windows of spanFreq_MHz
  const head = action.usesSpan
    ? action.name.replace('xMHz', `${num(p.spanFreq_MHz) ?? 'x'}MHz`)
    : action.name;
  const freq = action.singleFrequency
    ? num(p.freq_MHz)
    : pair(num(p.startFreq_MHz), num(p.stopFreq_MHz), NAME_SEPARATOR);
  return withMhz(withDetail(head, text(p.sParam)), freq);
};

const diff: NameBuilder<'diff'> = (action, p, context) => {
  const steps = pair(stepNumber(p.stepId1, context), stepNumber(p.stepId2, context), ' - Step ');
  return withDetail(action.shortName, steps && `Step ${steps}`);
};

function pimName(p: Loose<'pimFix'> | Loose<'pimSweep'>, freqs: string | undefined): string {
  const head = `PIM ${text(p.imOrder)} ${p.mode === 'forward' ? 'Forward' : 'Reverse'}`;
  const power = num(p.powerOutput);
  const details = [freqs && `${freqs} MHz`, power && `2 x ${power} dBm`].filter(Boolean).join(', ');
  return withDetail(head, details);
}

/** Manual Test, Question and Multiple Choice: the title, else the question asked. */
const titled: NameBuilder<'manual' | 'question' | 'multipleChoice'> = (action, p) =>
  withDetail(action.name, text(p.title) || text(p.question));

const builders: { [K in ParamKind]: NameBuilder<K> } = {
  text: (action, p) => withDetail(action.name, text(p.value)),
  delay: (action, p) => {
    const seconds = num(p.value);
    return seconds === undefined ? action.name : `${action.name} ${seconds} s`;
  },
  manual: titled,
  question: titled,
  multipleChoice: titled,
  general,
  cable: (action, p) => withMhz(action.name, pair(num(p.startFreq_MHz), num(p.stopFreq_MHz), NAME_SEPARATOR)),
  align: (action) => action.name,
  diff,
  snp: (action, p) => withDetail(action.name, text(p.value)),
  pimFix: (_action, p) => pimName(p, pair(num(p.fix1_MHz), num(p.fix2_MHz), ' & ')),
  pimSweep: (_action, p) =>
    pimName(
      p,
      pair(
        pair(num(p.sweep1Start_MHz), num(p.sweep1Stop_MHz), '-'),
        pair(num(p.sweep2Start_MHz), num(p.sweep2Stop_MHz), '-'),
        ' & ',
      ),
    ),
};

/**
 * The name a default-name step gets from its action and params. It depends on the action only
 * (the instrument follows from it); an action outside the catalogue is named by its id.
 */
export function defaultStepName(step: DefaultNameStep, context: DefaultNameContext = {}): string {
  const action = findAction(step.actionId);
  if (!action) return `Action ${formatNumber(step.actionId)}`;
  const build = builders[action.paramKind] as NameBuilder<ParamKind>;
  const param = (step.param ?? {}) as Loose<ParamKind>;
  return cutToLength(cleanNameText(build(action, param, context)), LIMITS.nameLength);
}
