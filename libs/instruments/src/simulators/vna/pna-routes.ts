import type { CommandContext } from '../scpi/command-table';
import { act } from '../scpi/command-table';
import type { ScpiServer } from '../scpi/scpi-server';
import { SIM_ERRORS } from '../scpi/sim-error';
import { installPnaCalibration } from './pna-calibration';
import { loadStateFile, saveStateFile, screenshotPng, touchstoneFile } from './vna-files';
import { displayedData, sweepChannels } from './vna-measure';
import { formattedReply, installTraceRoutes } from './vna-trace-routes';
import type { SimChannel } from './vna-channel';
import type { VnaState } from './vna-state';

/**
 * The Keysight PNA tree (N52xx, N53xx, E5080A/B, P50xx; INSTRUMENTS.md section 2): measurements
 * with instrument-wide names (`CALC{c}:PAR:EXT 'name','S21'`), addressed by their number
 * (`CALC{c}:MEAS{n}:…`) or by selection; a channel sweeps on its own with `SENS{c}:SWE:MODE SING`.
 */
export function installPnaRoutes(server: ScpiServer, state: VnaState): void {
  const { table } = server;
  let activeChannel = 1;
  let snpFormat: 'RI' | 'MA' | 'DB' = 'RI';
  const channelOf = (ctx: CommandContext) => state.channel(ctx.suffixes[0] ?? 1);
  const byNumber = (ctx: CommandContext) => {
    const channel = channelOf(ctx);
    const trace = channel.traces.find((t) => t.number === ctx.suffixes[1]);
    if (!trace) throw SIM_ERRORS.suffixOutOfRange();
    return { channel, trace };
  };
  const named = (channel: SimChannel, name: string) => {
    const index = channel.traces.findIndex((t) => t.name === name);
    if (index < 0) throw SIM_ERRORS.illegalValue();
    return index;
  };
  const selected = (ctx: CommandContext) => {
    const channel = channelOf(ctx);
    return { channel, trace: state.activeTrace(channel) };
  };

  installTraceRoutes(
    server,
    state,
    {
      prefix: 'CALCulate#:MEASure#',
      gate: 'FILTer:GATE:TIME',
      gateType: 'TYPE',
      gateShape: 'SHAPe',
      gateShapes: ['MINimum', 'NORMal', 'WIDE', 'MAXimum'],
      markerValues: 2,
    },
    byNumber,
  );
  for (const node of ['PARameter:EXTended', 'PARameter:DEFine:EXTended']) {
    table.on(
      `CALCulate#:${node}`,
      act((ctx) => {
        const name = ctx.args.expect(2).string(0);
        if (state.findTrace(name)) throw SIM_ERRORS.settingsConflict(`a measurement named ${name} exists`);
        state.addTrace(state.channel(ctx.suffixes[0] ?? 1, true), name, ctx.args.string(1));
      }),
    );
  }
  table
    .on(
      'CALCulate#:PARameter:SELect',
      act((ctx) => {
        const channel = channelOf(ctx);
        channel.active = named(channel, ctx.args.expect(1).string(0));
        activeChannel = channel.number;
      }),
    )
    .on('CALCulate#:PARameter:MNUMber?', (ctx) => String(selected(ctx).trace.number))
    .on(
      'CALCulate#:PARameter:DELete:ALL',
      act((ctx) => void state.channels.get(ctx.suffixes[0] ?? 1)?.traces.splice(0)),
    )
    .on(
      'CALCulate#:PARameter:CATalog:EXTended?',
      (ctx) =>
        `"${channelOf(ctx)
          .traces.map((t) => `${t.name},S${t.out}${t.into}`)
          .join(',')}"`,
    )
    .on(
      'DISPlay:WINDow#:STATe',
      act((ctx) => void ctx.args.expect(1).boolean(0)),
    )
    .on(
      'DISPlay:WINDow#:TRACe#:FEED',
      act((ctx) => {
        if (!state.findTrace(ctx.args.expect(1).string(0))) throw SIM_ERRORS.illegalValue();
      }),
    )
    .on(
      'INITiate:CONTinuous',
      act((ctx) => void ctx.args.expect(1).boolean(0)),
    )
    .on(
      'SENSe#:AVERage:MODE',
      act((ctx) => void ctx.args.expect(1).choice(0, ['POINt', 'SWEep'])),
    )
    .on(
      'SENSe#:SWEep:MODE',
      act((ctx) => {
        const mode = ctx.args.expect(1).choice(0, ['HOLD', 'CONTinuous', 'GROups', 'SINGle']);
        const channel = channelOf(ctx);
        channel.continuous = mode === 'CONT';
        if (mode !== 'SING' && mode !== 'GRO') return;
        server.startOperation(sweepChannels(state, [channel]), ctx.connection);
      }),
    )
    .on('CALCulate#:DATA?', (ctx) => {
      const { channel, trace } = selected(ctx);
      if (ctx.args.expect(1).choice(0, ['FDATa', 'SDATa']) === 'FDAT')
        return formattedReply(server, state, channel, trace, 1);
      return server.numbers(displayedData(state, channel, trace));
    })
    .on('CALCulate#:MEASure#:DATA:FDATa?', (ctx) => {
      const { channel, trace } = byNumber(ctx);
      return formattedReply(server, state, channel, trace, 1);
    })
    .on('CALCulate#:MEASure#:DATA:SDATa?', (ctx) => {
      const { channel, trace } = byNumber(ctx);
      return server.numbers(displayedData(state, channel, trace));
    })
    .on(
      'MMEMory:STORe:TRACe:FORMat:SNP',
      act(
        (ctx) =>
          void (snpFormat = ctx.args
            .expect(1)
            .choice(0, ['RI', 'MA', 'DB', 'AUTO'])
            .replace('AUTO', 'RI') as 'RI'),
      ),
    )
    .on(
      'CALCulate#:DATA:SNP:PORTs:SAVE',
      act((ctx) => {
        const ports = ctx.args.expect(2).portList(0, state.config.ports, 1);
        state.files.set(ctx.args.string(1), touchstoneFile(state, channelOf(ctx), ports, snpFormat));
      }),
    )
    .on(
      'HCOPy:FILE',
      act((ctx) =>
        state.files.set(ctx.args.expect(1).string(0), screenshotPng(state, state.channel(activeChannel))),
      ),
    )
    .on(
      'MMEMory:STORe',
      act((ctx) => saveStateFile(state, ctx.args.expect(1).string(0))),
    )
    .on(
      'MMEMory:LOAD',
      act((ctx) => loadStateFile(state, ctx.args.expect(1).string(0))),
    );
  installPnaCalibration(server, state);
}
