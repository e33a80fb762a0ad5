/**
 * The alarm's life and what SPC refuses (docs/measurements.md, "Frozen limits and alarms"),
 * shared by the API, the web app and the command-line program.
 */
import type { WesternElectricRule } from '../analysis/control-chart';
import { RELEASE_LIMITS, releaseNoteError } from '../releases/release-rules';

/** What a judged value does to its step's alarm. */
export type AlarmAction = 'none' | 'open' | 'join';

/**
 * The first violation opens an alarm on the step; later ones join it until a person
 * acknowledges it; a value that completes no rule leaves the alarm as it is.
 */
export function alarmAction(rules: readonly WesternElectricRule[], alarmOpen: boolean): AlarmAction {
  if (rules.length === 0) return 'none';
  return alarmOpen ? 'join' : 'open';
}

/** An alarm's states, as the alarms list filters them. */
export const SPC_ALARM_STATES = ['open', 'acknowledged'] as const;
export type SpcAlarmState = (typeof SPC_ALARM_STATES)[number];

export const SPC_LIMITS = {
  /** An acknowledgement's note: as long as a release note may be. */
  noteChars: RELEASE_LIMITS.noteChars,
  /** The I-MR chart needs a moving range, so two values at least. */
  baselineValues: 2,
  /** The violations an alarm of the list carries, newest first; violationCount says how many in all. */
  latestViolations: 20,
  /** Alarms per page of the list. */
  pageSize: 50,
} as const;

export const SPC_MSG = {
  tooFewValues: (step: string, n: number) =>
    `Step '${step}' has ${n} value${n === 1 ? '' : 's'} in the baseline range: freezing limits needs at least ${SPC_LIMITS.baselineValues}`,
  zeroSpread: (step: string) =>
    `Step '${step}' has no spread in the baseline range (σ within is 0): every value is the same, so no rule could ever be judged`,
  note: `A note of 1 to ${SPC_LIMITS.noteChars} characters: what was found and done`,
  acknowledged: (id: number) => `Alarm ${id} is acknowledged already`,
  state: `state: One of ${SPC_ALARM_STATES.join(', ')}`,
} as const;

/** Undefined when the note is 1 to noteChars characters once trimmed (as a release note), else the message. */
export function acknowledgementNoteError(note: unknown): string | undefined {
  return releaseNoteError(note, SPC_MSG.note);
}
