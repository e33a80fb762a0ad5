import type { CommandContext } from '../scpi/command-table';
import { act } from '../scpi/command-table';
import type { ScpiServer } from '../scpi/scpi-server';
import { SIM_ERRORS } from '../scpi/sim-error';
import { loadStateFile, saveStateFile, screenshotPng, touchstoneFile } from './vna-files';
import { displayedData, sweepChannels } from './vna-measure';
import { formattedReply, installTraceRoutes } from './vna-trace-routes';
import { installEnaCalibration } from './ena-calibration';
import type { VnaState } from './vna-state';

/**
 * How many channel windows a `:DISP:SPL` layout shows: its distinct window marks (`D12_34`: 4,
 * `D1_1_2`: 2, `D1234_5678_9ABC_DEFG`: 16). Channels beyond them are not swept.
 */
function windowsOf(layout: string): number | undefined {
  if (!/^D[1-9A-G][1-9A-G_]*$/.test(layout)) return undefined;
  return new Set(layout.slice(1).replace(/_/g, '')).size;
}

/** E5071C default: Tr1 S11, Tr2 S21, Tr3 S12, Tr4 S22, then again. */
const DEFAULT_PARAMS = ['S11', 'S21', 'S12', 'S22'];

/**
 * The Keysight ENA (E5071C) tree of INSTRUMENTS.md section 2: traces numbered per channel
 * (`CALC{c}:PAR{t}:DEF`), commands on the selected trace, one global trigger that sweeps every
 * displayed channel in continuous mode, and files on the instrument's disk.
 */
export function installEnaRoutes(server: ScpiServer, state: VnaState): void {
  const { table } = server;
  let layout = 'D1';
  let displayed = 1;
  let activeChannel = 1;
  let triggerSource = 'INT';
  let snp = { ports: [1, 2], format: 'RI' as 'RI' | 'MA' | 'DB' };
  const channelOf = (ctx: CommandContext) => state.channel(ctx.suffixes[0] ?? 1);
  const locate = (ctx: CommandContext) => {
    const channel = channelOf(ctx);
    return { channel, trace: state.activeTrace(channel) };
  };
  const traceAt = (ctx: CommandContext) => {
    const channel = channelOf(ctx);
    const t = ctx.suffixes[1] as number;
    if (t > state.maxTraces) throw SIM_ERRORS.suffixOutOfRange();
    const trace = channel.traces[t - 1];
    if (!trace) throw SIM_ERRORS.settingsConflict(`trace ${t} is beyond CALC${channel.number}:PAR:COUN`);
    return { channel, trace, index: t - 1 };
  };

  installTraceRoutes(
    server,
    state,
    {
      prefix: 'CALCulate#',
      gate: 'FILTer:TIME',
      gateType: '',
      gateShape: 'SHAPe',
      gateShapes: ['MINimum', 'NORMal', 'WIDE', 'MAXimum'],
      markerValues: 2,
    },
    locate,
  );
  table
    .setting(
      'CALCulate#:PARameter:COUNt',
      act((ctx) => {
        const channel = channelOf(ctx);
        const count = ctx.args.expect(1).integer(0, 1, 16);
        if (count > state.maxTraces)
          throw SIM_ERRORS.outOfRange(`the channel/trace setup allows ${state.maxTraces} traces`);
        while (channel.traces.length > count) channel.traces.pop();
        while (channel.traces.length < count)
          state.addTrace(
            channel,
            `Tr${channel.traces.length + 1}`,
            DEFAULT_PARAMS[channel.traces.length % 4] as string,
          );
        channel.active = Math.min(channel.active, count - 1);
      }),
      (ctx) => String(channelOf(ctx).traces.length),
    )
    .setting(
      'CALCulate#:PARameter#:DEFine',
      act((ctx) => {
        const { trace } = traceAt(ctx);
        [trace.out, trace.into] = state.parseSParam(ctx.args.expect(1).raw(0));
        trace.data = undefined;
      }),
      (ctx) => {
        const { trace } = traceAt(ctx);
        return `S${trace.out}${trace.into}`;
      },
    )
    .on(
      'CALCulate#:PARameter#:SELect',
      act((ctx) => void (traceAt(ctx).channel.active = traceAt(ctx).index)),
    )
    .setting(
      'DISPlay:SPLit',
      act((ctx) => {
        const name = ctx.args.expect(1).raw(0).toUpperCase();
        const windows = windowsOf(name);
        if (windows === undefined) throw SIM_ERRORS.illegalValue();
        [layout, displayed] = [name, windows];
      }),
      () => layout,
    )
    .on(
      'DISPlay:WINDow#:SPLit',
      act((ctx) => void ctx.args.expect(1)),
    )
    .on(
      'DISPlay:WINDow#:ACTivate',
      act((ctx) => void (activeChannel = channelOf(ctx).number)),
    )
    .setting(
      'INITiate#:CONTinuous',
      act((ctx) => void (channelOf(ctx).continuous = ctx.args.expect(1).boolean(0))),
      (ctx) => (channelOf(ctx).continuous ? '1' : '0'),
    )
    .setting(
      'TRIGger:SOURce',
      act(
        (ctx) =>
          void (triggerSource = ctx.args.expect(1).choice(0, ['INTernal', 'EXTernal', 'MANual', 'BUS'])),
      ),
      () => triggerSource,
    )
    .on(
      'TRIGger:AVERage',
      act((ctx) => void ctx.args.expect(1).boolean(0)),
    )
    .on(
      'TRIGger:SINGle',
      act((ctx) => {
        if (triggerSource !== 'BUS') throw SIM_ERRORS.triggerIgnored();
        // One trigger sweeps every channel that is displayed and in continuous mode.
        const swept = [...state.channels.values()].filter((c) => c.continuous && c.number <= displayed);
        server.startOperation(sweepChannels(state, swept), ctx.connection);
      }),
    )
    .on('CALCulate#:DATA:FDATa?', (ctx) => {
      const { channel, trace } = locate(ctx);
      return formattedReply(server, state, channel, trace, 2);
    })
    .on('CALCulate#:DATA:SDATa?', (ctx) => {
      const { channel, trace } = locate(ctx);
      return server.numbers(displayedData(state, channel, trace));
    })
    .on(
      'MMEMory:STORe:SNP:FORMat',
      act(
        (ctx) =>
          void (snp = {
            ...snp,
            format: ctx.args.expect(1).choice(0, ['RI', 'MA', 'DB', 'AUTO']).replace('AUTO', 'RI') as 'RI',
          }),
      ),
    )
    .on(
      'MMEMory:STORe:SNP',
      act((ctx) =>
        state.files.set(
          ctx.args.expect(1).string(0),
          touchstoneFile(state, state.channel(activeChannel), snp.ports, snp.format),
        ),
      ),
    )
    .on(
      'MMEMory:STORe:IMAGe',
      act((ctx) =>
        state.files.set(ctx.args.expect(1).string(0), screenshotPng(state, state.channel(activeChannel))),
      ),
    )
    .on(
      'MMEMory:STORe:STYPe',
      act((ctx) => void ctx.args.expect(1).choice(0, ['STATe', 'CSTate', 'DSTate', 'CDSTate'])),
    )
    .on(
      'MMEMory:STORe',
      act((ctx) => saveStateFile(state, ctx.args.expect(1).string(0))),
    )
    .on(
      'MMEMory:LOAD',
      act((ctx) => loadStateFile(state, ctx.args.expect(1).string(0))),
    );
  for (const n of [1, 2, 3, 4]) {
    table.on(
      `MMEMory:STORe:SNP:TYPE:S${n}P`,
      act((ctx) => void (snp = { ...snp, ports: ctx.args.expect(n).portList(0, state.config.ports) })),
    );
  }
  installEnaCalibration(server, state);
}
