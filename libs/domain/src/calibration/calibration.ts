import type { ActionId, SParamKind } from '../catalogue/catalogue';
import { findAction } from '../catalogue/catalogue';
import { LIMITS } from '../limits/limits';
import { MSG } from '../limits/messages';
import { appendUpTo } from '../lists/lists';
import type { Calibration, CalibrationType } from './calibration.types';
import { CALIBRATION_TYPES, THRU } from './calibration.types';

/** Our network analyzers have at most 4 ports; calibrations name a subset of them. */
const VNA_PORTS = [1, 2, 3, 4] as const;

/** The k-port subsets of the VNA ports, each ascending, in lexicographic order. */
function portSubsets(size: number, from: readonly number[] = VNA_PORTS): number[][] {
  if (size === 0) return [[]];
  return from.flatMap((port, i) => portSubsets(size - 1, from.slice(i + 1)).map((rest) => [port, ...rest]));
}

/** Type n takes n ports, Thru takes a pair. Computed once: validation asks for every step. */
const PORT_OPTIONS: ReadonlyMap<CalibrationType, readonly string[]> = new Map(
  CALIBRATION_TYPES.map((type) => [type, portSubsets(type === THRU ? 2 : type).map((p) => p.join('-'))]),
);

/** The ports a calibration of this type may use. */
export function portOptions(type: CalibrationType): string[] {
  return [...(PORT_OPTIONS.get(type) ?? [])];
}

/** docs/requirements/step-parameters.md#calibrations: changing the calibration type resets the ports to the first valid option. */
export function portsAfterTypeChange(type: CalibrationType): string {
  const [first = ''] = portOptions(type);
  return first;
}

export function isCalibrationType(x: unknown): x is CalibrationType {
  return CALIBRATION_TYPES.some((type) => type === x);
}

export function isValidPorts(type: number, ports: string): boolean {
  return isCalibrationType(type) && PORT_OPTIONS.get(type)!.includes(ports);
}

/** '1-2-4' → [1, 2, 4]; an empty string has no ports. No validation: see isValidPorts. */
export function calibrationPorts(ports: string): number[] {
  return ports === '' ? [] : ports.split('-').map(Number);
}

export function isReflection(sParam: string): boolean {
  return /^S([1-4])\1$/.test(sParam);
}

export function isTransmission(sParam: string): boolean {
  return /^S([1-4])(?!\1)[1-4]$/.test(sParam);
}

type CalPorts = Pick<Calibration, 'type' | 'ports'>;

const sOf = (receiver: number, source: number) => `S${receiver}${source}`;

/** Every S{i}{j} of the ports, ascending by i then j; `diagonal` keeps or drops the i = j ones. */
function pairsOf(ports: readonly number[], diagonal: 'with' | 'without' | 'only'): string[] {
  return ports.flatMap((i) =>
    ports
      .filter((j) => (diagonal === 'only' ? i === j : diagonal === 'with' || i !== j))
      .map((j) => sOf(i, j)),
  );
}

/**
 * The Thru pair 'a-b' measured in both directions. The forward S{b}{a} (S21 for '1-2') comes
 * first because it is what a Thru calibration is set up for; the reverse S{a}{b} follows.
 */
function thruBothWays(a: number, b: number): string[] {
  return [sOf(b, a), sOf(a, b)];
}

/** What the ports of a calibration offer to each S-parameter kind and to alignment traces. */
type PortChoices = Readonly<Record<SParamKind | 'align', readonly string[]>>;

function portChoices(type: CalibrationType, ports: readonly number[]): PortChoices {
  if (type !== THRU) {
    const transmission = pairsOf(ports, 'without');
    return {
      reflection: pairsOf(ports, 'only'),
      transmission,
      transmissionBothWays: transmission,
      align: pairsOf(ports, 'with'),
    };
  }
  const [a = 0, b = 0] = ports;
  return {
    // a Thru (response) calibration corrects transmission only, so no reflection is measured
    reflection: [],
    transmission: [sOf(b, a)],
    transmissionBothWays: thruBothWays(a, b),
    align: thruBothWays(a, b),
  };
}

/**
 * The choices of every type and valid ports string, computed once: validation asks for them for
 * every step of a test on every edit. Ports invalid for their type are not in it.
 */
const CHOICES: ReadonlyMap<CalibrationType, ReadonlyMap<string, PortChoices>> = new Map(
  CALIBRATION_TYPES.map((type) => [
    type,
    new Map(portOptions(type).map((ports) => [ports, portChoices(type, calibrationPorts(ports))])),
  ]),
);

function choicesOf(cal: CalPorts | undefined): PortChoices | undefined {
  return cal && CHOICES.get(cal.type)?.get(cal.ports);
}

/**
 * docs/requirements/step-parameters.md#s-parameter-choices, "S-parameter choices". Full calibrations list their choices ascending by the
 * first then the second digit (S12, S13, S21, ...); a Thru lists its forward direction first.
 * An invalid ports string offers nothing, so a broken calibration cannot be measured.
 * The list is the caller's own copy of the shared table.
 */
export function sParamChoices(actionId: ActionId, cal: CalPorts | undefined): string[] {
  const kind = findAction(actionId)?.sParamKind;
  const choices = choicesOf(cal);
  return kind && choices ? [...choices[kind]] : [];
}

/** The S parameters an alignment trace may show: every S{i}{j} of a full cal, both ways of a Thru. */
export function alignSParamChoices(cal: CalPorts | undefined): string[] {
  return [...(choicesOf(cal)?.align ?? [])];
}

/** docs/requirements/step-parameters.md#s-parameter-choices: a changed calibration or S-parameter set clears an S parameter no longer valid. */
export function keepValidSParam(sParam: string, choices: readonly string[]): string {
  return choices.includes(sParam) ? sParam : '';
}

export function calibrationsAfterAdd(
  cals: readonly Calibration[],
  newCal: Calibration,
): { cals: Calibration[] } | { error: typeof MSG.upTo16Calibrations } {
  const next = appendUpTo(cals, newCal, LIMITS.calibrationsPerTest);
  return next ? { cals: next } : { error: MSG.upTo16Calibrations };
}

export function nextCalibrationId(cals: readonly Calibration[]): number {
  return cals.reduce((max, cal) => Math.max(max, cal.id), 0) + 1;
}
