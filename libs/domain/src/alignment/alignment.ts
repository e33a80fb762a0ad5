/**
 * Rules for the alignments of an Align step (docs/requirements/step-parameters.md#alignment-check): up to 9, moved one place at a
 * time, pasted after the selected one. The trace rules live in traces.ts.
 */
import { alignSParamChoices, keepValidSParam } from '../calibration/calibration';
import type { Calibration } from '../calibration/calibration.types';
import { LIMITS } from '../limits/limits';
import { MSG } from '../limits/messages';
import { appendUpTo, insertAt, isIndexOf, moveAt, removeAt } from '../lists/lists';
import { defaultAlignment } from '../params/defaults';
import type { Alignment } from '../params/params.types';
import { NO_ID } from '../params/params.types';
import { copyTrace, setTraceSParam } from './traces';

export function addAlignment(
  list: readonly Alignment[],
): { list: Alignment[] } | { error: typeof MSG.upTo9Alignments } {
  const next = appendUpTo(list, defaultAlignment(), LIMITS.alignmentsPerStep);
  return next ? { list: next } : { error: MSG.upTo9Alignments };
}

/** One place up (-1) or down (1); at the top or bottom the list stays as it is. */
export function moveAlignment(list: readonly Alignment[], index: number, direction: -1 | 1): Alignment[] {
  return moveAt(list, index, direction);
}

/** A copy sharing nothing with the original, so the pasted alignment is edited on its own. */
export function copyAlignment(alignment: Alignment): Alignment {
  return { ...alignment, traceArray: alignment.traceArray.map(copyTrace) };
}

export type PasteAlignmentError =
  typeof MSG.copyAlignmentFirst | typeof MSG.noAlignmentSelected | typeof MSG.upTo9Alignments;

/**
 * docs/requirements/step-parameters.md#alignment-check: paste inserts a copy right after the selected alignment, and the copy
 * becomes the selection (docs/requirements/test-editor.md#step-selection, "the new ... becomes selected after creation").
 */
export function pasteAlignment(
  list: readonly Alignment[],
  copied: Alignment | undefined,
  selectedIndex: number | undefined,
): { list: Alignment[]; selectedIndex: number } | { error: PasteAlignmentError } {
  if (!copied) return { error: MSG.copyAlignmentFirst };
  if (selectedIndex === undefined || !isIndexOf(list, selectedIndex))
    return { error: MSG.noAlignmentSelected };
  if (list.length >= LIMITS.alignmentsPerStep) return { error: MSG.upTo9Alignments };
  return { list: insertAt(list, selectedIndex + 1, copyAlignment(copied)), selectedIndex: selectedIndex + 1 };
}

/** docs/requirements/test-editor.md#step-selection: after a delete the selection goes to the previous index, or the first. */
export function removeAlignment(
  list: readonly Alignment[],
  index: number,
): { list: Alignment[]; selectedIndex: number | undefined } {
  const next = removeAt(list, index);
  if (next.length === 0) return { list: next, selectedIndex: undefined };
  return { list: next, selectedIndex: Math.min(Math.max(index - 1, 0), next.length - 1) };
}

/**
 * The alignment bound to a new calibration (its id, or NO_ID when none): docs/requirements/step-parameters.md#alignment-check clears
 * each trace S parameter the calibration no longer offers, which may also drop an SWR format.
 */
export function alignmentsAfterCalibrationChange(
  alignment: Alignment,
  cal: Calibration | undefined,
): Alignment {
  const choices = alignSParamChoices(cal);
  return {
    ...alignment,
    calId: cal?.id ?? NO_ID,
    traceArray: alignment.traceArray.map((t) => setTraceSParam(t, keepValidSParam(t.sParam, choices))),
  };
}
