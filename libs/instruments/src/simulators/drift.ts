/**
 * A slowly drifting process (issue 41), for training SPC and demonstrating its alarms: each new
 * unit the runner connects (`:SIM:DUT`) is measured with one device parameter moved by one more
 * step, so a series of units shows a steady trend that the Western Electric rules catch well
 * before any unit fails its limits. Set by the config's `drift` or `sweepline sim --drift`.
 */
export type DriftParameter = 'insertion-loss' | 'return-loss' | 'center-frequency';

export interface Drift {
  readonly parameter: DriftParameter;
  /** Added per unit, in the parameter's unit (DRIFT_PARAMETERS); never 0. */
  readonly step: number;
}

interface ParameterRule {
  readonly unit: string;
  /** The largest step a unit, either sign: a bigger one is a jump, not a drift. */
  readonly maxStep: number;
}

export const DRIFT_PARAMETERS: Readonly<Record<DriftParameter, ParameterRule>> = {
  'insertion-loss': { unit: 'dB', maxStep: 1 },
  'return-loss': { unit: 'dB', maxStep: 5 },
  'center-frequency': { unit: 'MHz', maxStep: 10 },
};

const PARAMETERS = Object.keys(DRIFT_PARAMETERS) as DriftParameter[];

/** The one statement of what a drift may be, for every refusal of one (config file, option). */
export const DRIFT_RULE = `<parameter>:<step per unit>, the parameter one of ${PARAMETERS.map(
  (p) =>
    `${p} (${DRIFT_PARAMETERS[p].unit}, step from -${DRIFT_PARAMETERS[p].maxStep} to ${DRIFT_PARAMETERS[p].maxStep}, not 0)`,
).join(', ')}`;

/** Parses `parameter:step` (parameter in any letter case; `centre-frequency` too); undefined when it is not a drift. */
export function parseDrift(text: string): Drift | undefined {
  const parts = text.split(':').map((part) => part.trim());
  if (parts.length !== 2) return undefined;
  const name = (parts[0] as string).toLowerCase().replace('centre', 'center');
  const raw = parts[1] as string;
  const step = Number(raw);
  if (!(PARAMETERS as string[]).includes(name) || raw === '' || !Number.isFinite(step) || step === 0)
    return undefined;
  const parameter = name as DriftParameter;
  return Math.abs(step) <= DRIFT_PARAMETERS[parameter].maxStep ? { parameter, step } : undefined;
}

/** `insertion-loss:0.01`, as parsed. */
export function formatDrift(drift: Drift): string {
  return `${drift.parameter}:${drift.step}`;
}

/** `insertion loss +0.05 dB`: how far `units` steps have moved the parameter, for the simulator's log. */
export function describeDrift(drift: Drift, units: number): string {
  const moved = Number((drift.step * units).toPrecision(6));
  return `${drift.parameter.replace('-', ' ')} ${moved >= 0 ? '+' : ''}${moved} ${DRIFT_PARAMETERS[drift.parameter].unit}`;
}
