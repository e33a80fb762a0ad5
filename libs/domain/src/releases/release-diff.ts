import type { Calibration } from '../calibration/calibration.types';
import type { Step } from '../entities/entities';
import type { CalDiff, ParamChange, ReleaseContent, StepDiff } from '../api/test-releases';
import { canonicalJson } from './release-rules';

/**
 * The params a step's result is judged against, in the order a diff lists them: upper and lower
 * (validation's limitChecks, every measurement with limits) and a Cable's port and transmission
 * limits (trace-math/cable). A change to one of these is what a reviewer must see first.
 */
export const LIMIT_PARAM_KEYS: readonly string[] = [
  'upper',
  'lower',
  'port1Limit',
  'port2Limit',
  'transLossLimit_dB',
];

/** The step's own fields a diff compares besides its param (its name, completeness and errors follow from these). */
// isDefaultName too: the API's "draft differs" compares whole contents, and a diff must not call
// "same" what that calls different
const STEP_FIELDS = ['name', 'isDefaultName', 'instrumentId', 'actionId'] as const;

/** The calibration's fields a diff compares (its id is what matches it). */
const CAL_FIELDS: readonly (keyof Calibration)[] = [
  'type',
  'ports',
  'startFreq_MHz',
  'stopFreq_MHz',
  'freqPoints',
  'power_dBm',
  'IFBW_Hz',
  'smoothing',
];

/**
 * What changed from one release's content to another's (docs/releases.md, "Compare"): steps and
 * calibrations matched by id; unchanged ones are left out. Steps come in the `to` order, a removed
 * one at its place in `from` (after the step that preceded it there).
 */
export function releaseDiff(
  from: ReleaseContent,
  to: ReleaseContent,
): { steps: StepDiff[]; cals: CalDiff[] } {
  return { steps: stepDiffs(from.steps, to.steps), cals: calDiffs(from.cals, to.cals) };
}

function stepDiffs(from: Step[], to: Step[]): StepDiff[] {
  const moved = movedIds(from, to);
  const diffs: StepDiff[] = [];
  for (const { fromIndex, toIndex } of alignedOrder(from, to)) {
    const before = fromIndex === null ? undefined : from[fromIndex];
    const after = toIndex === null ? undefined : to[toIndex];
    const step = (after ?? before)!;
    const common = { stepId: step.id, name: step.name, fromIndex, toIndex };
    if (!before) diffs.push({ ...common, change: 'added', changes: [] });
    else if (!after) diffs.push({ ...common, change: 'removed', changes: [] });
    else {
      const changes = stepChanges(before, after);
      const wasMoved = moved.has(step.id);
      if (changes.length > 0 || wasMoved) {
        const change = wasMoved ? (changes.length > 0 ? 'moved and changed' : 'moved') : 'changed';
        diffs.push({ ...common, change, changes });
      }
    }
  }
  return diffs;
}

function calDiffs(from: Calibration[], to: Calibration[]): CalDiff[] {
  const diffs: CalDiff[] = [];
  for (const { fromIndex, toIndex } of alignedOrder(from, to)) {
    const before = fromIndex === null ? undefined : from[fromIndex];
    const after = toIndex === null ? undefined : to[toIndex];
    const calId = (after ?? before)!.id;
    if (!before) diffs.push({ calId, change: 'added', changes: [] });
    else if (!after) diffs.push({ calId, change: 'removed', changes: [] });
    else {
      const changes: ParamChange[] = [];
      for (const key of CAL_FIELDS) collectChanges(key, before[key], after[key], changes);
      if (changes.length > 0) diffs.push({ calId, change: 'changed', changes });
    }
  }
  return diffs;
}

/** The step's name, instrument, action and param values that differ: limits first, then the rest as found. */
function stepChanges(before: Step, after: Step): ParamChange[] {
  const changes: ParamChange[] = [];
  for (const key of STEP_FIELDS) collectChanges(key, before[key], after[key], changes);
  collectChanges('', before.param, after.param, changes);
  const limitRank = (c: ParamChange) =>
    c.isLimit ? LIMIT_PARAM_KEYS.indexOf(c.key.split('.')[0]!) : Infinity;
  // Array.prototype.sort is stable: the rest keep the order they were found in
  return changes.sort((a, b) => (limitRank(a) === limitRank(b) ? 0 : limitRank(a) - limitRank(b)));
}

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Appends a change for every leaf that differs under `path`: into objects by key (code-point
 * order, as canonicalJson writes them), into lists of equal length by index ('points.3.freq');
 * a list whose length changed is one change, the whole list. A side without the key reads null.
 */
function collectChanges(path: string, from: unknown, to: unknown, out: ParamChange[]): void {
  if (canonicalJson(from) === canonicalJson(to)) return;
  const at = (key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  if (isRecord(from) && isRecord(to)) {
    const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])].sort(codePointOrder);
    for (const key of keys) collectChanges(at(key), from[key], to[key], out);
  } else if (Array.isArray(from) && Array.isArray(to) && from.length === to.length) {
    from.forEach((item, i) => collectChanges(at(i), item, to[i], out));
  } else {
    const key = path === '' ? 'param' : path;
    out.push({
      key,
      from: from ?? null,
      to: to ?? null,
      isLimit: LIMIT_PARAM_KEYS.includes(key.split('.')[0]!),
    });
  }
}

const codePointOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One entry of a merged order: a place on each side, null on the side the item is not. */
interface Aligned {
  fromIndex: number | null;
  toIndex: number | null;
}

/**
 * Every item of both sides once: the `to` items in their order, each removed item right after
 * the nearest item before it in `from` that is still in `to` (at the start when there is none).
 */
function alignedOrder(from: readonly { id: number }[], to: readonly { id: number }[]): Aligned[] {
  const toIndexOf = new Map(to.map((item, i) => [item.id, i]));
  const fromIndexOf = new Map(from.map((item, i) => [item.id, i]));
  // removed items by the `to` index of the item they follow (-1: the start)
  const removedAfter = new Map<number, number[]>();
  let anchor = -1;
  from.forEach((item, i) => {
    const kept = toIndexOf.get(item.id);
    if (kept !== undefined) anchor = kept;
    else removedAfter.set(anchor, [...(removedAfter.get(anchor) ?? []), i]);
  });
  const removed = (after: number): Aligned[] =>
    (removedAfter.get(after) ?? []).map((fromIndex) => ({ fromIndex, toIndex: null }));
  const out = removed(-1);
  to.forEach((item, toIndex) => {
    out.push({ fromIndex: fromIndexOf.get(item.id) ?? null, toIndex }, ...removed(toIndex));
  });
  return out;
}

/**
 * The ids of steps on both sides whose place among the common steps changed: those outside a
 * longest run of common steps that kept their relative order, so moving one step marks that
 * step alone, not every step it jumped over.
 */
function movedIds(from: readonly Step[], to: readonly Step[]): Set<number> {
  const fromIndexOf = new Map(from.map((s, i) => [s.id, i]));
  const common = to.filter((s) => fromIndexOf.has(s.id));
  const kept = longestIncreasing(common.map((s) => fromIndexOf.get(s.id)!));
  return new Set(common.filter((_, i) => !kept.has(i)).map((s) => s.id));
}

/** The positions of one longest strictly increasing subsequence of `values`, in O(n log n). */
function longestIncreasing(values: readonly number[]): Set<number> {
  // tails[k]: the position of the smallest last value of an increasing run of length k + 1
  const tails: number[] = [];
  const previous: number[] = new Array<number>(values.length);
  values.forEach((value, i) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[tails[mid]!]! < value) lo = mid + 1;
      else hi = mid;
    }
    previous[i] = lo > 0 ? tails[lo - 1]! : -1;
    tails[lo] = i;
  });
  const kept = new Set<number>();
  for (let i = tails.length > 0 ? tails[tails.length - 1]! : -1; i !== -1; i = previous[i]!) kept.add(i);
  return kept;
}
