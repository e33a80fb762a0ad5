import { InstrumentId, type Calibration, type RunnerSeq } from '@sweepline/domain';
import { calibrationPortsOf, channelSetupOf } from '@sweepline/instruments';
import type { CalibrationKeeper } from './calibration-keeper';
import type { Instruments } from './instrument-pool';
import type { EcalPorts } from './lab-config';
import { channelOf } from './na-steps';
import type { Prompter, RunReporter } from './prompter';

/**
 * Smart calibration (docs/requirements/runner.md#smart-calibration): every calibration the test needs that is not valid for this
 * shift is made at once, each physical connection asked once for all of them
 * (NetworkAnalyzer.calibrateChannels). With an ECal module in the lab (`sweepline lab --ecal`)
 * the module makes the calibrations whose ports it covers, one connection per set of ports; the
 * others, and every calibration of a lab without a module, use the mechanical kit.
 */
export interface CalibrationParts {
  readonly seq: RunnerSeq;
  readonly instruments: Instruments;
  readonly calibrations: CalibrationKeeper;
  readonly prompter: Prompter;
  readonly reporter: RunReporter;
  /** Who makes the calibrations (the operator), as each one records it. */
  readonly operator?: string;
}

/** A calibration's maker when the runner is not told the operator, or an ECal module's serial number. */
export const NOT_TOLD = 'unknown';

export interface ChannelCal {
  readonly channel: number;
  readonly cal: Calibration;
}

/** The channels of the calibrations the test's NA steps use, in calibration order. */
export function calibrationsUsed(seq: RunnerSeq): ChannelCal[] {
  const ids = new Set<number>();
  for (const step of seq.steps) {
    if (step.instrumentId !== InstrumentId.NetworkAnalyzer) continue;
    const p = step.param as { calId?: number; channelArray?: { calId: number }[] };
    if (typeof p.calId === 'number') ids.add(p.calId);
    for (const a of p.channelArray ?? []) ids.add(a.calId);
  }
  return seq.cals.filter((c) => ids.has(c.id)).map((c) => channelOf(seq.cals, c.id));
}

/**
 * Which calibrations the ECal module makes: those of no more ports than it has (a 2-port module
 * does a 1- or 2-port calibration or a thru, not 3 or 4 ports at once); the rest are mechanical.
 */
export function splitByKit(
  needed: readonly ChannelCal[],
  ecalPorts: EcalPorts | undefined,
): { ecal: ChannelCal[]; mechanical: ChannelCal[] } {
  const fits = (c: ChannelCal) =>
    ecalPorts !== undefined && calibrationPortsOf(c.cal).ports.length <= ecalPorts;
  return { ecal: needed.filter(fits), mechanical: needed.filter((c) => !fits(c)) };
}

export async function calibrate(parts: CalibrationParts): Promise<void> {
  const needed = calibrationsUsed(parts.seq);
  if (needed.length === 0) return;
  const na = await parts.instruments.networkAnalyzer();
  const resource = na.session.transport.resource;
  const missing: ChannelCal[] = [];
  for (const need of needed) {
    // valid for the shift, and the analyzer still applies it (a preset or a restart loses it)
    const kept =
      parts.calibrations.valid(resource, need.channel, need.cal) !== undefined &&
      (await na.session.query(`SENS${need.channel}:CORR:STAT?`)).trim() === '1';
    if (kept) continue;
    // what it measures until the new one is made is measured without it
    parts.calibrations.forget(resource, need.channel, need.cal);
    missing.push(need);
  }
  if (missing.length === 0) {
    parts.reporter.info(`Calibrations still valid for this shift: ${needed.length}`);
    return;
  }
  for (const { channel, cal } of missing) {
    const { ports } = calibrationPortsOf(cal);
    const sParam = ports.length > 1 ? `S${ports[1]}${ports[0]}` : `S${ports[0]}${ports[0]}`;
    await na.setupChannel(channel, channelSetupOf(cal), [{ sParam, format: 'logMag' }]);
  }
  const kits = splitByKit(missing, parts.instruments.ecalPorts);
  for (const method of ['ecal', 'mechanical'] as const) {
    if (kits[method].length === 0) continue;
    await na.calibrateChannels(
      kits[method].map(({ channel, cal }) => ({ channel, ...calibrationPortsOf(cal) })),
      {
        method,
        onStep: (s) => parts.prompter.acknowledge(`Calibration ${s.index} of ${s.count}: ${s.prompt}`),
      },
    );
    const how = {
      kind: method,
      ...(method === 'ecal' ? { ecalSerial: parts.instruments.ecalSerial ?? NOT_TOLD } : {}),
      madeBy: parts.operator ?? NOT_TOLD,
    };
    for (const { channel, cal } of kits[method]) parts.calibrations.remember(resource, channel, cal, how);
  }
  parts.reporter.info(`Calibrated ${missing.length} channel${missing.length === 1 ? '' : 's'}`);
}
