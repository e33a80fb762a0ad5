/**
 * What an SPC alarm says, on the runner's screen, the station board and in the mail: "SPC alarm
 * on Insertion Loss Max: rule 4, eight points above the centre line".
 */
import type { WesternElectricRule } from '../analysis/control-chart';
import type { CentreSide } from './judge';

const RULE_TEXT: Record<WesternElectricRule, (side: CentreSide) => string> = {
  1: (side) => `one point more than 3σ ${side} the centre line`,
  2: (side) => `two of three points more than 2σ ${side} the centre line`,
  3: (side) => `four of five points more than 1σ ${side} the centre line`,
  4: (side) => `eight points ${side} the centre line`,
};

/** The rules a value completed, each with what it means: "rule 4, eight points above the centre line". */
export function ruleText(rules: readonly WesternElectricRule[], side: CentreSide): string {
  return rules.map((rule) => `rule ${rule}, ${RULE_TEXT[rule](side)}`).join('; ');
}

/** The line the runner prints after the run. */
export function spcAlarmLine(step: string, rules: readonly WesternElectricRule[], side: CentreSide): string {
  return `SPC alarm on ${step}: ${ruleText(rules, side)}`;
}
