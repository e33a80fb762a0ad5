import pc from 'picocolors';
import { Verdict } from '@sweepline/domain';

/**
 * The verdict in block letters, five rows high, so the operator reads it from a step away
 * (issue 14): green PASS, red FAIL, yellow ABORTED. Without colour (NO_COLOR, not a terminal) the
 * letters stay; in a plain log it is one line.
 */
const FONT: Readonly<Record<string, readonly string[]>> = {
  P: ['████ ', '█   █', '████ ', '█    ', '█    '],
  A: [' ███ ', '█   █', '█████', '█   █', '█   █'],
  S: [' ████', '█    ', ' ███ ', '    █', '████ '],
  F: ['█████', '█    ', '████ ', '█    ', '█    '],
  I: ['█████', '  █  ', '  █  ', '  █  ', '█████'],
  L: ['█    ', '█    ', '█    ', '█    ', '█████'],
  B: ['████ ', '█   █', '████ ', '█   █', '████ '],
  O: [' ███ ', '█   █', '█   █', '█   █', ' ███ '],
  R: ['████ ', '█   █', '████ ', '█  █ ', '█   █'],
  T: ['█████', '  █  ', '  █  ', '  █  ', '  █  '],
  E: ['█████', '█    ', '████ ', '█    ', '█████'],
  D: ['████ ', '█   █', '█   █', '█   █', '████ '],
};

const WORDS: Readonly<Record<Verdict, string>> = {
  [Verdict.Passed]: 'PASS',
  [Verdict.Failed]: 'FAIL',
  [Verdict.Aborted]: 'ABORTED',
};

export function verdictWord(verdict: Verdict): string {
  return WORDS[verdict];
}

/** Rows of block letters, each letter doubled in width so it reads as square on a terminal. */
export function blockLetters(word: string): string[] {
  return [0, 1, 2, 3, 4].map((r) =>
    [...word].map((ch) => (FONT[ch]?.[r] ?? '     ').replace(/./g, (c) => c + c)).join('  '),
  );
}

export function verdictBanner(verdict: Verdict, sn: string, color: boolean): string {
  const paint = !color
    ? (s: string) => s
    : verdict === Verdict.Passed
      ? (s: string) => pc.bold(pc.green(s))
      : verdict === Verdict.Failed
        ? (s: string) => pc.bold(pc.red(s))
        : (s: string) => pc.bold(pc.yellow(s));
  const rows = blockLetters(verdictWord(verdict)).map((line) => `  ${paint(line)}`);
  return ['', ...rows, '', `  Serial number ${sn}: ${verdictWord(verdict)}`, ''].join('\n');
}
