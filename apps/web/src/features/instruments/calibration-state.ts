import {
  CALIBRATION_STATE_LABELS,
  dayNumber,
  formatDate,
  MS_PER_DAY,
  type CalibrationState,
} from '@sweepline/domain';

/** A state and the due date it was judged by (null: no certificate). */
export interface StateOfDue {
  state: CalibrationState;
  dueOn: string | null;
  daysLeft?: number | null;
}

/** Each state's badge: dark enough text on its background to read (WCAG AA), overdue the loudest. */
export const STATE_BADGES: Record<CalibrationState, { color: string; variant: 'outline' | 'filled' }> = {
  valid: { color: 'teal.9', variant: 'outline' },
  due: { color: 'yellow.4', variant: 'filled' },
  overdue: { color: 'red.9', variant: 'filled' },
  unknown: { color: 'gray.7', variant: 'outline' },
};

/** The day after the due date: the first day the instrument is overdue (the due day is still valid). */
function firstOverdueDay(dueOn: string): string {
  return formatDate((dayNumber(dueOn)! + 1) * MS_PER_DAY, 0);
}

/**
 * The badge's words: 'Valid', 'Due in 12 days' (when the days are known, else the domain's
 * 'Due soon'), 'Overdue since 2026-11-02', 'Unknown'.
 */
export function calibrationStateText({ state, dueOn, daysLeft }: StateOfDue): string {
  if (state === 'due' && daysLeft !== undefined && daysLeft !== null)
    return daysLeft === 0 ? 'Due today' : `Due in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`;
  if (state === 'overdue' && dueOn !== null) return `Overdue since ${firstOverdueDay(dueOn)}`;
  return CALIBRATION_STATE_LABELS[state];
}
