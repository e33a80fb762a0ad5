import type { CommandContext } from '../scpi/command-table';
import { act } from '../scpi/command-table';
import type { ScpiServer } from '../scpi/scpi-server';
import { SIM_ERRORS } from '../scpi/sim-error';
import {
  loadCalFile,
  loadStateFile,
  saveCalFile,
  saveStateFile,
  screenshotPng,
  touchstoneFile,
} from './vna-files';
import { displayedData, frequencies, sweepChannels } from './vna-measure';
import { formattedReply, installTraceRoutes } from './vna-trace-routes';
import { installZnbCalibration } from './znb-calibration';
import type { VnaState } from './vna-state';

/**
 * The Rohde & Schwarz ZNB/ZNA tree (INSTRUMENTS.md section 2): named traces
 * (`CALC{c}:PAR:SDEF 'Trc1','S21'`), commands on the selected trace of a channel,
 * `INIT{c}:IMM` to sweep, `MMEM:DATA?` for files, and the ZNB's calibration commands.
 */
export function installZnbRoutes(server: ScpiServer, state: VnaState): void {
  const { table } = server;
  let scopeAll = true;
  let activeChannel = 1;
  let hardcopyFile = 'Hardcopy.png';
  const channelOf = (ctx: CommandContext) => state.channel(ctx.suffixes[0] ?? 1);
  const selected = (ctx: CommandContext) => {
    const channel = channelOf(ctx);
    return { channel, trace: state.activeTrace(channel) };
  };
  const traceNamed = (name: string) => {
    const found = state.findTrace(name);
    if (!found) throw SIM_ERRORS.illegalValue();
    return found;
  };

  installTraceRoutes(
    server,
    state,
    {
      prefix: 'CALCulate#',
      gate: 'FILTer:GATE:TIME',
      gateType: 'TYPE',
      gateShape: 'WINDow',
      gateShapes: ['RECTangle', 'HAMMing', 'HANNing', 'BOHMan', 'DCHebyshev'],
      markerValues: 1,
    },
    selected,
  );
  table
    .on(
      'CALCulate#:PARameter:SDEFine',
      act((ctx) => {
        const name = ctx.args.expect(2).string(0);
        if (state.findTrace(name)) throw SIM_ERRORS.settingsConflict(`a trace named ${name} exists`);
        state.addTrace(state.channel(ctx.suffixes[0] ?? 1, true), name, ctx.args.string(1));
      }),
    )
    .on(
      'CALCulate#:PARameter:SELect',
      act((ctx) => {
        const { channel, trace } = traceNamed(ctx.args.expect(1).string(0));
        if (channel.number !== (ctx.suffixes[0] ?? 1)) throw SIM_ERRORS.illegalValue();
        channel.active = channel.traces.indexOf(trace);
        activeChannel = channel.number;
      }),
    )
    .on(
      'CALCulate#:PARameter:DELete:CALL',
      act((ctx) => void state.channels.get(ctx.suffixes[0] ?? 1)?.traces.splice(0)),
    )
    .on(
      'CALCulate#:PARameter:CATalog?',
      (ctx) =>
        `'${channelOf(ctx)
          .traces.map((t) => `${t.name},S${t.out}${t.into}`)
          .join(',')}'`,
    )
    .on(
      'DISPlay:WINDow#:STATe',
      act((ctx) => void ctx.args.expect(1).boolean(0)),
    )
    .on(
      'DISPlay:WINDow#:TRACe#:FEED',
      act((ctx) => void traceNamed(ctx.args.expect(1).string(0))),
    )
    .setting(
      'INITiate#:CONTinuous',
      act((ctx) => void (channelOf(ctx).continuous = ctx.args.expect(1).boolean(0))),
      (ctx) => (channelOf(ctx).continuous ? '1' : '0'),
    )
    .on(
      'INITiate:IMMediate:SCOPe',
      act((ctx) => void (scopeAll = ctx.args.expect(1).choice(0, ['ALL', 'SINGle']) === 'ALL')),
    )
    .on(
      'INITiate:SCOPe',
      act((ctx) => void (scopeAll = ctx.args.expect(1).choice(0, ['ALL', 'SINGle']) === 'ALL')),
    )
    .setting(
      'SENSe#:SWEep:COUNt',
      act((ctx) => void (channelOf(ctx).sweepCount = ctx.args.expect(1).integer(0, 1, 1000))),
      (ctx) => String(channelOf(ctx).sweepCount),
    )
    .on(
      'INITiate#:IMMediate',
      act((ctx) => {
        // Scope ALL (the preset) sweeps every channel; SINGle only the one named.
        const swept = scopeAll ? [...state.channels.values()] : [channelOf(ctx)];
        server.startOperation(sweepChannels(state, swept), ctx.connection);
      }),
    )
    .on('CALCulate#:DATA?', (ctx) => {
      const { channel, trace } = selected(ctx);
      if (ctx.args.expect(1).choice(0, ['FDATa', 'SDATa']) === 'FDAT')
        return formattedReply(server, state, channel, trace, 1);
      return server.numbers(displayedData(state, channel, trace));
    })
    .on('CALCulate#:DATA:STIMulus?', (ctx) => server.numbers(frequencies(channelOf(ctx))))
    .on(
      'MMEMory:STORe:TRACe:PORTs',
      act((ctx) => {
        const channel = state.channel(ctx.args.expect(4, 6).integer(0, 1, state.maxChannels));
        const format = ctx.args.choice(2, ['COMPlex', 'FORMatted']) === 'COMP' ? 'RI' : 'DB';
        state.files.set(
          ctx.args.string(1),
          touchstoneFile(state, channel, ctx.args.portList(3, state.config.ports), format),
        );
      }),
    )
    .on(
      'HCOPy:DEVice:LANGuage',
      act((ctx) => void ctx.args.expect(1).choice(0, ['PNG', 'BMP', 'JPG'])),
    )
    .on(
      'MMEMory:NAME',
      act((ctx) => void (hardcopyFile = ctx.args.expect(1).string(0))),
    )
    .on(
      'HCOPy:DESTination',
      act((ctx) => void ctx.args.expect(1).string(0)),
    )
    .on(
      'HCOPy',
      act(() => void state.files.set(hardcopyFile, screenshotPng(state, state.channel(activeChannel)))),
    )
    .on(
      'HCOPy:IMMediate',
      act(() => void state.files.set(hardcopyFile, screenshotPng(state, state.channel(activeChannel)))),
    )
    .on(
      'MMEMory:STORe:STATe',
      act((ctx) => saveStateFile(state, ctx.args.expect(2).string(1))),
    )
    .on(
      'MMEMory:LOAD:STATe',
      act((ctx) => loadStateFile(state, ctx.args.expect(2).string(1))),
    )
    .on(
      'MMEMory:STORe:CORRection',
      act((ctx) =>
        saveCalFile(
          state,
          state.channel(ctx.args.expect(2).integer(0, 1, state.maxChannels)),
          ctx.args.string(1),
        ),
      ),
    )
    .on(
      'MMEMory:LOAD:CORRection',
      act((ctx) =>
        loadCalFile(
          state,
          state.channel(ctx.args.expect(2).integer(0, 1, state.maxChannels)),
          ctx.args.string(1),
        ),
      ),
    );
  installZnbCalibration(server, state);
}
