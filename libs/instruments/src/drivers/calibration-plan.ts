import type { CalibrationRequest, CalibrationStandard, CalibrationStep } from './network-analyzer';

/**
 * The connections a calibration needs, in the order the operator makes them: for SOLT, open,
 * short and load on each port in turn, then a thru between each pair of ports; for a response
 * calibration one thru; for an electronic unit one connection to all ports.
 */
export type PlannedStep = Omit<CalibrationStep, 'index' | 'count'>;

export function describeConnection(standard: CalibrationStandard, ports: readonly number[]): string {
  if (standard === 'ECAL') return `Connect the ECal module to ports ${ports.join(', ')}`;
  if (standard === 'THRU') return `Connect THRU between port ${ports[0]} and port ${ports[1]}`;
  return `Connect ${standard} to port ${ports[0]}`;
}

export function calibrationPlan(
  request: Pick<CalibrationRequest, 'ports' | 'thruOnly' | 'method'>,
): CalibrationStep[] {
  checkPorts(request);
  const planned: PlannedStep[] = [];
  const add = (standard: CalibrationStandard, ports: readonly number[]) =>
    planned.push({ standard, ports, prompt: describeConnection(standard, ports) });
  if (request.method === 'ecal') {
    add('ECAL', request.ports);
  } else {
    if (!request.thruOnly) {
      for (const port of request.ports) for (const s of ['OPEN', 'SHORT', 'LOAD'] as const) add(s, [port]);
    }
    request.ports.forEach((a, i) => request.ports.slice(i + 1).forEach((b) => add('THRU', [a, b])));
  }
  return planned.map((step, i) => ({ ...step, index: i + 1, count: planned.length }));
}

/** Ports 1-4, ascending and distinct; a thru-only calibration takes exactly two. */
export function checkPorts(request: Pick<CalibrationRequest, 'ports' | 'thruOnly'>): void {
  const ports = request.ports;
  const ascending = ports.every(
    (p, i) => Number.isInteger(p) && p >= 1 && p <= 4 && (i === 0 || p > (ports[i - 1] as number)),
  );
  if (ports.length === 0 || !ascending) {
    throw new RangeError(
      `Calibration ports must be distinct test ports 1-4 in ascending order, not [${ports.join(', ')}]`,
    );
  }
  if (request.thruOnly && ports.length !== 2) {
    throw new RangeError(`A thru calibration takes two ports, not [${ports.join(', ')}]`);
  }
}

const STANDARD_ORDER = ['ECAL', 'OPEN', 'SHORT', 'LOAD', 'OTHER', 'THRU'];

/**
 * The connections of several calibrations made together (smart calibration): each distinct
 * connection once, reflection standards port by port before the thrus, numbered anew.
 */
export function sharedConnections(plans: readonly (readonly CalibrationStep[])[]): CalibrationStep[] {
  const byPrompt = new Map<string, CalibrationStep>();
  for (const step of plans.flat()) if (!byPrompt.has(step.prompt)) byPrompt.set(step.prompt, step);
  const rank = (s: CalibrationStep) => (s.standard === 'THRU' ? 1 : 0);
  const steps = [...byPrompt.values()].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.ports[0] ?? 0) - (b.ports[0] ?? 0) ||
      (a.ports[1] ?? 0) - (b.ports[1] ?? 0) ||
      STANDARD_ORDER.indexOf(a.standard) - STANDARD_ORDER.indexOf(b.standard),
  );
  return steps.map((step, i) => ({ ...step, index: i + 1, count: steps.length }));
}
