import { connectInstrument, type ConnectOptions } from '@sweepline/instruments';
import type { LabConfig, LabInstrument } from './lab-config';

/**
 * `sweepline lab`'s check: each instrument answers *IDN? and is of the kind its role needs, and
 * the network analyzer holds 16 channels with 16 traces (the FAQ), else the analyzer's own fix.
 * An ECal module is driven through the network analyzer (every driver family calibrates with
 * one), so the lab must have the analyzer; whether the module is plugged in shows at the first
 * calibration, since INSTRUMENTS.md names no query for it.
 */
export interface CheckLine {
  readonly role: 'network analyzer' | 'PIM analyzer' | 'ECal module';
  readonly resource: string;
  readonly idn?: string;
  readonly problem?: string;
}

async function checkOne(
  role: CheckLine['role'],
  entry: LabInstrument,
  options: ConnectOptions,
): Promise<CheckLine> {
  let instrument;
  try {
    instrument = await connectInstrument(entry.resource, options);
  } catch (error) {
    return { role, resource: entry.resource, problem: (error as Error).message };
  }
  try {
    const idn = instrument.identity.idn;
    const wanted = role === 'network analyzer' ? 'network-analyzer' : 'pim-analyzer';
    if (instrument.kind !== wanted) {
      return {
        role,
        resource: entry.resource,
        idn,
        problem: `${entry.resource} is ${instrument.identity.maker} ${instrument.identity.model}, not a ${role}`,
      };
    }
    if (instrument.kind === 'network-analyzer') {
      try {
        await instrument.checkChannelCapacity(16, 16);
      } catch (error) {
        return { role, resource: entry.resource, idn, problem: (error as Error).message };
      }
    }
    return { role, resource: entry.resource, idn };
  } finally {
    await instrument.close().catch(() => undefined);
  }
}

function ecalLine(lab: LabConfig): CheckLine {
  const serial = lab.ecalSerial === undefined ? '' : `, serial number ${lab.ecalSerial},`;
  const resource = `${lab.ecalPorts}-port module${serial} on the network analyzer`;
  return lab.networkAnalyzer
    ? { role: 'ECal module', resource }
    : {
        role: 'ECal module',
        resource,
        problem:
          'an ECal module calibrates through the network analyzer: name the analyzer with --na <resource>',
      };
}

export async function checkLab(
  lab: LabConfig,
  options: ConnectOptions = {},
): Promise<{ lines: CheckLine[]; checked: LabConfig }> {
  const lines: CheckLine[] = [];
  if (lab.networkAnalyzer) lines.push(await checkOne('network analyzer', lab.networkAnalyzer, options));
  if (lab.pimAnalyzer) lines.push(await checkOne('PIM analyzer', lab.pimAnalyzer, options));
  if (lab.ecalPorts !== undefined) lines.push(ecalLine(lab));
  const idnOf = (role: CheckLine['role']) => lines.find((l) => l.role === role && !l.problem)?.idn;
  const naIdn = idnOf('network analyzer');
  const pimIdn = idnOf('PIM analyzer');
  const checked: LabConfig = {
    ...lab,
    ...(lab.networkAnalyzer
      ? { networkAnalyzer: { resource: lab.networkAnalyzer.resource, ...(naIdn ? { idn: naIdn } : {}) } }
      : {}),
    ...(lab.pimAnalyzer
      ? { pimAnalyzer: { resource: lab.pimAnalyzer.resource, ...(pimIdn ? { idn: pimIdn } : {}) } }
      : {}),
    ...(naIdn ? { channelsChecked: new Date().toISOString() } : {}),
  };
  return { lines, checked };
}
