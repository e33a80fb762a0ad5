import type { ParamKind } from '../catalogue/catalogue';
import { findAction } from '../catalogue/catalogue';
import type { Step } from '../entities/entities';
import type { AlignParam, LimitFields } from '../params/params.types';
import type { DefaultNameContext } from './default-name';
import { defaultStepName } from './default-name';

export interface AppliedDefaultName {
  step: Step;
  /** The caller writes a changed name back to the server (docs/requirements/test-editor.md#default-names). */
  nameChanged: boolean;
  /** A title that followed the name changed too, so the param needs saving as well. */
  paramChanged: boolean;
}

/**
 * Params whose title follows a default name (docs/requirements/step-parameters.md#network-analyzer-step-parameters: "the title defaults to the
 * step name when the name is a default name"). Manual Test, Question and Multiple Choice are
 * left out: their name is built from their title, so the title is the user's own text.
 */
const TITLE_FOLLOWS_NAME: ReadonlySet<ParamKind> = new Set<ParamKind>([
  'general',
  'diff',
  'cable',
  'pimFix',
  'pimSweep',
]);

/**
 * A title follows the name while the user has not made it their own: when it is empty or
 * still equal to the name it followed.
 */
function followedTitle(title: unknown, oldName: string, newName: string): string | undefined {
  const current = typeof title === 'string' ? title : '';
  const follows = current.trim() === '' || current === oldName;
  return follows && current !== newName ? newName : undefined;
}

function withFollowedTitles(step: Step, kind: ParamKind, newName: string): Step['param'] | undefined {
  if (kind === 'align') {
    const param = step.param as Partial<AlignParam>;
    const channels = param.channelArray ?? [];
    const titles = channels.map((c) => followedTitle(c.title, step.name, newName));
    if (titles.every((t) => t === undefined)) return undefined;
    const channelArray = channels.map((c, i) => ({ ...c, title: titles[i] ?? c.title }));
    return { ...param, channelArray } as AlignParam;
  }
  if (!TITLE_FOLLOWS_NAME.has(kind)) return undefined;
  const title = followedTitle((step.param as Partial<LimitFields>).title, step.name, newName);
  return title === undefined ? undefined : ({ ...step.param, title } as Step['param']);
}

/**
 * Regenerates the name of a default-name step and the titles that follow it. Returns the same
 * step object when nothing changes, so callers can compare by identity.
 */
export function applyDefaultName(step: Step, context: DefaultNameContext = {}): AppliedDefaultName {
  const action = findAction(step.actionId);
  if (!step.isDefaultName || !action) return { step, nameChanged: false, paramChanged: false };
  const name = defaultStepName(step, context);
  const param = withFollowedTitles(step, action.paramKind, name);
  const nameChanged = name !== step.name;
  if (!nameChanged && !param) return { step, nameChanged: false, paramChanged: false };
  return {
    step: { ...step, name, param: param ?? step.param },
    nameChanged,
    paramChanged: param !== undefined,
  };
}

/** The text the report prints for a step: the param's title when set, else the step name. */
export function reportDescription(step: Pick<Step, 'name' | 'param'>): string {
  const title = (step.param as Partial<LimitFields> | null)?.title;
  return typeof title === 'string' && title.trim() !== '' ? title : step.name;
}
