import { FIELD_LABELS, ITEM_LABELS } from '../validation/messages';

/** Labels of the keys a diff or the audit trail names that the field labels leave empty or do not know. */
const CHANGE_LABELS: Readonly<Record<string, string>> = {
  instrumentId: 'Instrument',
  actionId: 'Action',
  isDefaultName: 'Default name',
  param: 'Parameters',
  value: 'Value',
  stageNo: 'Stage',
  testNo: 'Test number',
  // a release's own fields, as History shows its rows
  no: 'Release',
  kind: 'Kind',
  state: 'State',
  note: 'Note',
  reason: 'Reason',
};

/**
 * A changed key as a reader says it: 'upper' is 'Upper limit', 'channelArray.1.upper' is
 * 'Alignment 2, Upper limit' (dotted paths count list items from 0). Shared by the release diff
 * and History, so one parameter reads alike in both.
 */
export function changeLabel(key: string): string {
  const parts: string[] = [];
  let list: string | undefined;
  for (const segment of key.split('.')) {
    if (/^\d+$/.test(segment)) {
      parts.push(`${list ?? 'Item'} ${Number(segment) + 1}`);
      list = undefined;
    } else if (segment in ITEM_LABELS) {
      list = ITEM_LABELS[segment];
    } else {
      parts.push(CHANGE_LABELS[segment] || FIELD_LABELS[segment] || segment);
    }
  }
  if (list) parts.push(list);
  return parts.join(', ');
}

/**
 * An audit row's field as History shows it (the CSV keeps the field as recorded): a test's
 * content fields name their step by id (testContentChanges), and a step's own row leaves its id
 * out, as the row already names the step.
 */
export function auditFieldLabel(field: string, ownStepId?: string): string {
  if (field === 'steps.order') return 'Step order';
  // the whole list (an item list's name is singular: 'Calibration 2')
  if (field === 'cals') return 'Calibrations';
  const step = /^steps\.(\d+)(?:\.(.+))?$/.exec(field);
  if (!step) return changeLabel(field);
  const [, id, rest] = step;
  if (rest === undefined) return `Step #${id}`;
  const label = changeLabel(rest.startsWith('param.') ? rest.slice('param.'.length) : rest);
  return id === ownStepId ? label : `Step #${id}, ${label}`;
}
