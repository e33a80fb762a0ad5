import { ActionId, findAction } from '../catalogue/catalogue';
import type { Step } from '../entities/entities';
import type { AlignParam } from '../params/params.types';
import { calibrationPorts } from './calibration';
import type { Calibration, CalibrationType } from './calibration.types';
import { THRU } from './calibration.types';

/**
 * A calibration that covers more ports than its steps measure (issue 38): every port of a full
 * calibration costs the operator an OPEN, a SHORT and a LOAD, and every pair a THRU, at each shift.
 * The editor warns, naming the smaller calibration and what it saves; it is not an error (the
 * test stays complete and runs as it is). docs/requirements/step-parameters.md#calibrations.
 */

/**
 * The connections a calibration takes with the mechanical kit: open, short and load on each of
 * its n ports and a thru between each pair (3n + n(n-1)/2: 3, 7, 12, 18), one thru for a Thru
 * calibration. The runner's plan makes them in this number (libs/instruments calibration-plan.ts).
 */
export function calibrationConnections(type: CalibrationType): number {
  return type === THRU ? 1 : 3 * type + (type * (type - 1)) / 2;
}

export interface CalibrationCoverageWarning {
  calId: number;
  message: string;
}

/** The ports of an S parameter ('S21' → [2, 1]); none for an empty or unknown one. */
function portsOfSParam(sParam: string): number[] {
  const match = /^S([1-4])([1-4])$/.exec(sParam);
  return match ? [Number(match[1]), Number(match[2])] : [];
}

interface Use {
  sParams: Set<string>;
  /** A step that needs every port of the calibration (Cable, Save SnP's file). */
  whole: boolean;
}

/** What each calibration's steps measure with it. */
function usesOf(steps: readonly Step[], cals: readonly Calibration[]): Map<number, Use> {
  const uses = new Map<number, Use>();
  const use = (calId: number) => {
    let u = uses.get(calId);
    if (!u) uses.set(calId, (u = { sParams: new Set(), whole: false }));
    return u;
  };
  let lastCalId: number | undefined;
  for (const step of steps) {
    if (findAction(step.actionId)?.paramKind === 'align') {
      for (const channel of (step.param as AlignParam).channelArray) {
        for (const trace of channel.traceArray)
          if (trace.sParam) use(channel.calId).sParams.add(trace.sParam);
        lastCalId = channel.calId;
      }
      continue;
    }
    if (step.actionId === ActionId.SaveSnp) {
      // the file of the calibration measured last (or the first): all of its ports (the runner's rule)
      const saved = lastCalId ?? cals[0]?.id;
      if (saved !== undefined) use(saved).whole = true;
      continue;
    }
    const p = step.param as { calId?: unknown; sParam?: unknown };
    if (typeof p.calId !== 'number' || p.calId < 0) continue;
    lastCalId = p.calId;
    if (step.actionId === ActionId.Cable) use(p.calId).whole = true;
    else if (typeof p.sParam === 'string' && p.sParam) use(p.calId).sParams.add(p.sParam);
  }
  return uses;
}

const listOf = (items: readonly string[]) =>
  items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;

/**
 * One warning per full calibration whose steps measure fewer of its ports than it covers:
 * `Only S11 is measured with calibration 1: a 1-port calibration of port 1 needs 3 connections
 * instead of 7.` A calibration no step uses, a Thru, and one a Cable or Save SnP step needs whole
 * get none.
 */
export function calibrationCoverageWarnings(
  steps: readonly Step[],
  cals: readonly Calibration[],
): CalibrationCoverageWarning[] {
  const uses = usesOf(steps, cals);
  return cals.flatMap((cal) => {
    const u = uses.get(cal.id);
    if (!u || u.whole || cal.type === THRU || u.sParams.size === 0) return [];
    const covered = calibrationPorts(cal.ports);
    const sParams = [...u.sParams].sort();
    const measured = [...new Set(sParams.flatMap(portsOfSParam))].sort((a, b) => a - b);
    if (measured.length === 0 || measured.length >= covered.length) return [];
    if (!measured.every((port) => covered.includes(port))) return []; // an S parameter the calibration cannot give: the step's own error
    const smaller = measured.length as CalibrationType;
    const ports = measured.length === 1 ? `port ${measured[0]}` : `ports ${measured.join('-')}`;
    const verb = sParams.length === 1 ? 'is' : 'are';
    return [
      {
        calId: cal.id,
        message:
          `Only ${listOf(sParams)} ${verb} measured with calibration ${cal.id}: a ${smaller}-port calibration ` +
          `of ${ports} needs ${calibrationConnections(smaller)} connections instead of ${calibrationConnections(cal.type)}.`,
      },
    ];
  });
}
