/**
 * Rules for the S-parameter traces of an alignment (docs/requirements/step-parameters.md#alignment-check, "Align traces"): exactly
 * one trace is active whenever there is any, and the display formats follow the S parameter.
 */
import { isReflection } from '../calibration/calibration';
import { LIMITS } from '../limits/limits';
import { MSG } from '../limits/messages';
import { appendUpTo, isIndexOf, removeAt } from '../lists/lists';
import { defaultLimitLine, defaultMarker, defaultTrace } from '../params/defaults';
import type { Trace } from '../params/params.types';
import { DisplayFormat } from '../params/params.types';

/** Sets one flag, keeping the same object when it already has it (cheap re-renders). */
function withActive(trace: Trace, isActive: boolean): Trace {
  return trace.isActive === isActive ? trace : { ...trace, isActive };
}

/** If none is active the first becomes active; if several are, only the first of them stays. */
export function normalizeActiveTrace(traces: readonly Trace[]): Trace[] {
  const firstActive = traces.findIndex((t) => t.isActive);
  const active = firstActive === -1 ? 0 : firstActive;
  return traces.map((t, i) => withActive(t, i === active));
}

/** Activating one trace deactivates the others; a stale index changes nothing. */
export function activateTrace(traces: readonly Trace[], index: number): Trace[] {
  if (!isIndexOf(traces, index)) return normalizeActiveTrace(traces);
  return traces.map((t, i) => withActive(t, i === index));
}

/** Appends a default trace (active only when it is the first), up to 9 per alignment. */
export function addTrace(
  traces: readonly Trace[],
): { traces: Trace[] } | { error: typeof MSG.upTo9SParameters } {
  const next = appendUpTo(traces, defaultTrace(traces.length === 0), LIMITS.tracesPerAlignment);
  return next ? { traces: normalizeActiveTrace(next) } : { error: MSG.upTo9SParameters };
}

/** Removing the active trace hands the activity to the first remaining one. */
export function removeTrace(traces: readonly Trace[], index: number): Trace[] {
  return normalizeActiveTrace(removeAt(traces, index));
}

const TRANSMISSION_FORMATS: readonly DisplayFormat[] = [
  DisplayFormat.LogMag,
  DisplayFormat.Phase,
  DisplayFormat.GroupDelay,
];

/** docs/requirements/step-parameters.md#alignment-check: SWR is offered only for reflection traces (S11, S22, S33, S44). */
export function allowedDisplayFormats(sParam: string): DisplayFormat[] {
  return isReflection(sParam) ? [...TRANSMISSION_FORMATS, DisplayFormat.Swr] : [...TRANSMISSION_FORMATS];
}

/** A new S parameter that no longer allows the display format falls back to Log Mag. */
export function setTraceSParam(trace: Trace, sParam: string): Trace {
  const df = allowedDisplayFormats(sParam).includes(trace.df) ? trace.df : DisplayFormat.LogMag;
  return { ...trace, sParam, df };
}

export function addLimitLine(trace: Trace): { trace: Trace } | { error: typeof MSG.upTo9LimitLines } {
  const lineArray = appendUpTo(trace.lineArray, defaultLimitLine(), LIMITS.linesPerTrace);
  return lineArray ? { trace: { ...trace, lineArray } } : { error: MSG.upTo9LimitLines };
}

export function removeLimitLine(trace: Trace, index: number): Trace {
  return { ...trace, lineArray: removeAt(trace.lineArray, index) };
}

export function addMarker(trace: Trace): { trace: Trace } | { error: typeof MSG.upTo9Markers } {
  const markerArray = appendUpTo(trace.markerArray, defaultMarker(), LIMITS.markersPerTrace);
  return markerArray ? { trace: { ...trace, markerArray } } : { error: MSG.upTo9Markers };
}

export function removeMarker(trace: Trace, index: number): Trace {
  return { ...trace, markerArray: removeAt(trace.markerArray, index) };
}

/** A copy sharing no arrays or objects with the original, so editing one never edits the other. */
export function copyTrace(trace: Trace): Trace {
  return {
    ...trace,
    lineArray: trace.lineArray.map((line) => ({ ...line })),
    markerArray: trace.markerArray.map((marker) => ({ ...marker })),
  };
}
