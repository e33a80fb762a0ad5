import { writeTouchstone, type Network } from '@sweepline/domain';
import type { ChannelSetup, NetworkAnalyzer, TraceFormat, TraceSetup } from '@sweepline/instruments';

/**
 * `sweepline measure`: one sweep without a test plan, for bench work. Channel 1 of the analyzer
 * is set up, swept once, and read back as formatted values, or as every S parameter of the ports
 * for a Touchstone file (written by libs/domain, `# Hz S RI R 50`).
 */
export const FORMATS: Readonly<Record<string, TraceFormat>> = {
  logmag: 'logMag',
  phase: 'phase',
  uphase: 'unwrappedPhase',
  gdelay: 'groupDelay',
  swr: 'swr',
};

export interface MeasureRequest {
  readonly stimulus: ChannelSetup;
  readonly sParam: string;
  readonly format: TraceFormat;
}

export async function measureTrace(
  na: NetworkAnalyzer,
  req: MeasureRequest,
): Promise<{ freqs: Float64Array; values: Float64Array }> {
  await na.setupChannel(1, req.stimulus, [{ sParam: req.sParam, format: req.format }]);
  await na.sweep(1);
  return { freqs: await na.frequencies(1), values: await na.formattedData(1, 1) };
}

export async function measureNetwork(
  na: NetworkAnalyzer,
  stimulus: ChannelSetup,
  ports: readonly number[],
): Promise<string> {
  const traces: TraceSetup[] = ports.flatMap((to) =>
    ports.map((from) => ({ sParam: `S${to}${from}`, format: 'logMag' as const })),
  );
  await na.setupChannel(1, { ...stimulus, ports }, traces);
  await na.sweep(1);
  const freqs = Array.from(await na.frequencies(1));
  const data: Network['data'] = [];
  for (const [i] of ports.entries()) {
    const row: Network['data'][number] = [];
    for (const [j] of ports.entries()) {
      const c = await na.complexData(1, i * ports.length + j + 1);
      row.push({ re: Array.from(c.re), im: Array.from(c.im) });
    }
    data.push(row);
  }
  const net: Network = {
    ports: ports.length,
    freqs_Hz: freqs,
    data,
    parameter: 'S',
    z0: ports.map(() => 50),
    comments: [`Sweepline measure on ${na.identity.idn}`, `ports ${ports.join(', ')}`],
  };
  return writeTouchstone(net, { format: 'RI', freqUnit: 'Hz' });
}
