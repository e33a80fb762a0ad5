import { changeLabel, type ParamChange, type StepDiff } from '@sweepline/domain';

/** A value of either side: an absent one is a dash, a list or object its JSON (cut short). */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'object') {
    const json = JSON.stringify(value);
    return json.length > 80 ? `${json.slice(0, 79)}…` : json;
  }
  return String(value);
}

/** 'Upper limit: -1 → -0.8' */
export function changeText(change: ParamChange): string {
  return `${changeLabel(change.key)}: ${valueText(change.from)} → ${valueText(change.to)}`;
}

/** The step's places, counted from 1: '3' where it stayed, '2 → 4' moved, '— → 3' added. */
export function placeText(step: Pick<StepDiff, 'fromIndex' | 'toIndex'>): string {
  const place = (index: number | null) => (index === null ? '—' : String(index + 1));
  return step.fromIndex === step.toIndex
    ? place(step.toIndex)
    : `${place(step.fromIndex)} → ${place(step.toIndex)}`;
}

/** A side of a comparison as the screen names it. */
export function sideText(side: number | 'draft'): string {
  return side === 'draft' ? 'the draft' : `release ${side}`;
}
