import type { CommandContext } from '../scpi/command-table';
import { act } from '../scpi/command-table';
import type { ScpiServer } from '../scpi/scpi-server';
import { SIM_ERRORS } from '../scpi/sim-error';
import { interpolate } from './vna-format';
import { formattedValues, frequencies } from './vna-measure';
import type { SimChannel, SimGate, SimTrace, VnaFormat } from './vna-channel';
import { VNA_FORMATS } from './vna-channel';
import type { VnaState } from './vna-state';

/** Which trace a command addresses: the selected one (ENA, ZNB) or a measurement number (PNA). */
export type TraceLocator = (ctx: CommandContext) => { channel: SimChannel; trace: SimTrace };

export interface TraceRouteSpelling {
  /** `CALCulate#` (selected trace) or `CALCulate#:MEASure#` (PNA). */
  readonly prefix: string;
  /** Gate node: `FILTer:TIME` (ENA) or `FILTer:GATE:TIME`. */
  readonly gate: string;
  /** Node of the gate type: '' when the gate node itself takes it (ENA `FILT:TIME BPAS`). */
  readonly gateType: string;
  /** Node and names of the gate shape: Keysight `SHAPe` MIN…MAX, R&S `WINDow` RECT…DCH. */
  readonly gateShape: string;
  readonly gateShapes: readonly string[];
  /** Values per marker reading: Keysight answers `y,0`, R&S `y`. */
  readonly markerValues: 1 | 2;
}

/** Gate times the instruments accept, s (well beyond any filter's or cable's impulse response). */
const MAX_GATE_S = 100e-6;

const gateCenter = (gate: SimGate) => (gate.startS + gate.stopS) / 2;

/** Format, smoothing, time gate and markers of a trace (INSTRUMENTS.md section 2). */
export function installTraceRoutes(
  server: ScpiServer,
  state: VnaState,
  spelling: TraceRouteSpelling,
  locate: TraceLocator,
): void {
  const { table } = server;
  const p = spelling.prefix;
  const trace = (ctx: CommandContext) => locate(ctx).trace;
  const gateNode = (node: string) => `${p}:${spelling.gate}${node === '' ? '' : `:${node}`}`;
  const gateTime = (ctx: CommandContext) => ctx.args.expect(1).number(0, -MAX_GATE_S, MAX_GATE_S);
  const markerOf = (ctx: CommandContext) => {
    const t = trace(ctx);
    const m = ctx.suffixes[ctx.suffixes.length - 1] as number;
    if (m < 1 || m > 15) throw SIM_ERRORS.suffixOutOfRange();
    let marker = t.markers.get(m);
    if (!marker) t.markers.set(m, (marker = { on: false, xHz: locate(ctx).channel.startHz }));
    return marker;
  };

  table.setting(
    `${p}:FORMat`,
    act((ctx) => void (trace(ctx).format = ctx.args.expect(1).choice(0, VNA_FORMATS) as VnaFormat)),
    (ctx) => trace(ctx).format,
  );
  for (const node of ['SMOothing', 'SMOothing:STATe']) {
    table.setting(
      `${p}:${node}`,
      act((ctx) => void (trace(ctx).smoothing = ctx.args.expect(1).boolean(0))),
      (ctx) => (trace(ctx).smoothing ? '1' : '0'),
    );
  }
  table
    .setting(
      `${p}:SMOothing:APERture`,
      act(
        (ctx) =>
          void (trace(ctx).aperturePct = ctx.args.expect(1).number(0, 0.05, state.limits.maxAperturePct)),
      ),
      (ctx) => server.number(trace(ctx).aperturePct),
    )
    .setting(
      gateNode('STATe'),
      act((ctx) => void (trace(ctx).gate.on = ctx.args.expect(1).boolean(0))),
      (ctx) => (trace(ctx).gate.on ? '1' : '0'),
    )
    .setting(
      gateNode('STARt'),
      act((ctx) => void (trace(ctx).gate.startS = gateTime(ctx))),
      (ctx) => server.number(trace(ctx).gate.startS),
    )
    .setting(
      gateNode('STOP'),
      act((ctx) => void (trace(ctx).gate.stopS = gateTime(ctx))),
      (ctx) => server.number(trace(ctx).gate.stopS),
    )
    .setting(
      gateNode('CENTer'),
      act((ctx) => {
        const gate = trace(ctx).gate;
        const center = gateTime(ctx);
        const halfSpan = (gate.stopS - gate.startS) / 2;
        [gate.startS, gate.stopS] = [center - halfSpan, center + halfSpan];
      }),
      (ctx) => server.number(gateCenter(trace(ctx).gate)),
    )
    .setting(
      gateNode('SPAN'),
      act((ctx) => {
        const gate = trace(ctx).gate;
        const halfSpan = ctx.args.expect(1).number(0, 0, 2 * MAX_GATE_S) / 2;
        const center = gateCenter(gate);
        [gate.startS, gate.stopS] = [center - halfSpan, center + halfSpan];
      }),
      (ctx) => server.number(trace(ctx).gate.stopS - trace(ctx).gate.startS),
    )
    .setting(
      gateNode(spelling.gateType),
      act(
        (ctx) =>
          void (trace(ctx).gate.type = ctx.args.expect(1).choice(0, ['BPASs', 'NOTCh']) as 'BPAS' | 'NOTC'),
      ),
      (ctx) => trace(ctx).gate.type,
    )
    .setting(
      gateNode(spelling.gateShape),
      act((ctx) => void (trace(ctx).gate.shape = ctx.args.expect(1).choice(0, spelling.gateShapes))),
      (ctx) => trace(ctx).gate.shape,
    );
  for (const node of ['MARKer#', 'MARKer#:STATe']) {
    table.setting(
      `${p}:${node}`,
      act((ctx) => void (markerOf(ctx).on = ctx.args.expect(1).boolean(0))),
      (ctx) => (markerOf(ctx).on ? '1' : '0'),
    );
  }
  table
    .setting(
      `${p}:MARKer#:X`,
      act((ctx) => {
        const marker = markerOf(ctx);
        marker.xHz = ctx.args.expect(1).number(0, state.limits.minHz, state.limits.maxHz);
        marker.on = true;
      }),
      (ctx) => server.number(markerOf(ctx).xHz),
    )
    .on(`${p}:MARKer#:Y?`, (ctx) => {
      const marker = markerOf(ctx);
      if (!marker.on) throw SIM_ERRORS.settingsConflict('the marker is off');
      const { channel, trace: t } = locate(ctx);
      const y = interpolate(frequencies(channel), formattedValues(state, channel, t), marker.xHz);
      return spelling.markerValues === 2 ? `${server.number(y)},${server.number(0)}` : server.number(y);
    });
}

/** Formatted data with `valuesPerPoint` values a point (the ENA pads scalar formats with a 0). */
export function formattedReply(
  server: ScpiServer,
  state: VnaState,
  channel: SimChannel,
  t: SimTrace,
  valuesPerPoint: 1 | 2,
): string | Buffer {
  const values = formattedValues(state, channel, t);
  if (valuesPerPoint === 1) return server.numbers(values);
  const padded = new Float64Array(values.length * 2);
  values.forEach((v, k) => (padded[2 * k] = v));
  return server.numbers(padded);
}
