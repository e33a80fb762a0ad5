import type { DiffSide, ParamChange, ReleaseDiff, StepDiff } from '@sweepline/domain';
import { describeValue } from './json-diff';

/** 'release 3' or 'the draft'. */
export const sideName = (side: DiffSide) => (side === 'draft' ? 'the draft' : `release ${side}`);

const MARK: Record<StepDiff['change'], string> = {
  added: '+',
  removed: '-',
  moved: '>',
  changed: '~',
  'moved and changed': '~',
};

/** Steps by their 1-based place, as the editor numbers them. */
function stepLine(step: StepDiff): string {
  const at = (index: number | null) => `step ${index! + 1}`;
  const name = JSON.stringify(step.name);
  switch (step.change) {
    case 'added':
      return `${at(step.toIndex)} ${name}: added`;
    case 'removed':
      return `${at(step.fromIndex)} ${name}: removed`;
    case 'moved':
      return `${at(step.toIndex)} ${name}: moved from ${at(step.fromIndex)}`;
    case 'moved and changed':
      return `${at(step.toIndex)} ${name}: moved from ${at(step.fromIndex)} and changed`;
    case 'changed':
      return `${at(step.toIndex)} ${name}: changed`;
  }
}

const changeLine = (c: ParamChange) =>
  `      ${c.key}${c.isLimit ? ' (limit)' : ''}: ${describeValue(c.from)} -> ${describeValue(c.to)}`;

/**
 * A release diff as a reviewer reads it (docs/cli.md, "Releases"): a heading naming the two
 * sides, then each step and calibration that differs, with its old and new values, limits first.
 */
export function formatReleaseDiff(testName: string, diff: ReleaseDiff): string {
  const heading = `${testName}: ${sideName(diff.from)} -> ${sideName(diff.to)}`;
  if (diff.same) return `${heading}: the same content.`;
  const lines = [heading];
  for (const step of diff.steps) {
    lines.push(`  ${MARK[step.change]} ${stepLine(step)}`, ...step.changes.map(changeLine));
  }
  for (const cal of diff.cals) {
    const mark = cal.change === 'added' ? '+' : cal.change === 'removed' ? '-' : '~';
    lines.push(`  ${mark} calibration ${cal.calId}: ${cal.change}`, ...cal.changes.map(changeLine));
  }
  return lines.join('\n');
}
