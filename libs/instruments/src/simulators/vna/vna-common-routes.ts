import type { CommandContext } from '../scpi/command-table';
import { act } from '../scpi/command-table';
import type { ScpiServer } from '../scpi/scpi-server';
import { SIM_ERRORS } from '../scpi/sim-error';
import { readFile } from './vna-files';
import { frequencies } from './vna-measure';
import type { SimChannel } from './vna-channel';
import type { VnaState } from './vna-state';

/**
 * The stimulus and receiver settings the three families spell alike (INSTRUMENTS.md section 2,
 * "Freq, points (all)", IFBW, averaging), plus file transfer, presets and the hidden
 * `:SIM:LIMit <channels>,<traces>`. The `#` after SENSe is the channel.
 */
export function installVnaCommonRoutes(server: ScpiServer, state: VnaState): void {
  const { table } = server;
  const { limits } = state;
  const channelOf = (ctx: CommandContext): SimChannel => state.channel(ctx.suffixes[0] ?? 1);
  const num = (value: number) => server.number(value);
  const freq = (ctx: CommandContext) => ctx.args.expect(1).number(0, limits.minHz, limits.maxHz);
  // A start above the stop drags the stop along (and the reverse), as the instruments do.
  const setCenterSpan = (c: SimChannel, center: number, span: number) => {
    c.startHz = Math.max(limits.minHz, center - span / 2);
    c.stopHz = Math.min(limits.maxHz, center + span / 2);
  };

  table
    .setting(
      'SENSe#:FREQuency:STARt',
      act((ctx) => {
        const c = channelOf(ctx);
        c.startHz = freq(ctx);
        c.stopHz = Math.max(c.stopHz, c.startHz);
      }),
      (ctx) => num(channelOf(ctx).startHz),
    )
    .setting(
      'SENSe#:FREQuency:STOP',
      act((ctx) => {
        const c = channelOf(ctx);
        c.stopHz = freq(ctx);
        c.startHz = Math.min(c.startHz, c.stopHz);
      }),
      (ctx) => num(channelOf(ctx).stopHz),
    )
    .setting(
      'SENSe#:FREQuency:CENTer',
      act((ctx) => {
        const c = channelOf(ctx);
        setCenterSpan(c, freq(ctx), c.stopHz - c.startHz);
      }),
      (ctx) => num((channelOf(ctx).startHz + channelOf(ctx).stopHz) / 2),
    )
    .setting(
      'SENSe#:FREQuency:SPAN',
      act((ctx) => {
        const c = channelOf(ctx);
        setCenterSpan(
          c,
          (c.startHz + c.stopHz) / 2,
          ctx.args.expect(1).number(0, 0, limits.maxHz - limits.minHz),
        );
      }),
      (ctx) => num(channelOf(ctx).stopHz - channelOf(ctx).startHz),
    )
    .on('SENSe#:FREQuency:DATA?', (ctx) => server.numbers(frequencies(channelOf(ctx))))
    .setting(
      'SENSe#:SWEep:POINts',
      act((ctx) => void (channelOf(ctx).points = ctx.args.expect(1).integer(0, 1, limits.maxPoints))),
      (ctx) => String(channelOf(ctx).points),
    );
  // SCPI spells the IF bandwidth both ways; Keysight's ENA and R&S use BAND, the PNA BWID.
  for (const node of ['BANDwidth', 'BWIDth']) {
    table.setting(
      `SENSe#:${node}`,
      act(
        (ctx) =>
          void (channelOf(ctx).ifbwHz = ctx.args.expect(1).number(0, limits.minIfbwHz, limits.maxIfbwHz)),
      ),
      (ctx) => num(channelOf(ctx).ifbwHz),
    );
  }
  // The ENA writes `SENS:AVER ON`, the PNA and ZNB `SENS:AVER:STAT ON`.
  for (const node of ['AVERage', 'AVERage:STATe']) {
    table.setting(
      `SENSe#:${node}`,
      act((ctx) => void (channelOf(ctx).averaging = ctx.args.expect(1).boolean(0))),
      (ctx) => (channelOf(ctx).averaging ? '1' : '0'),
    );
  }
  table
    .setting(
      'SENSe#:AVERage:COUNt',
      act((ctx) => void (channelOf(ctx).averages = ctx.args.expect(1).integer(0, 1, limits.maxAverages))),
      (ctx) => String(channelOf(ctx).averages),
    )
    .on(
      'SENSe#:AVERage:CLEar',
      act((ctx) => void channelOf(ctx)),
    )
    // `SOUR:POW` on the ENA and ZNB, `SOUR:POW<port>` on the PNA: one level for every port here.
    .setting(
      'SOURce#:POWer#',
      act(
        (ctx) =>
          void (channelOf(ctx).powerDbm = ctx.args
            .expect(1)
            .number(0, limits.minPowerDbm, limits.maxPowerDbm)),
      ),
      (ctx) => num(channelOf(ctx).powerDbm),
    )
    .on('SENSe#:CORRection:STATe?', (ctx) => (channelOf(ctx).corrected ? '1' : '0'))
    .on(
      'SYSTem:PRESet',
      act(() => state.preset()),
    )
    .on(
      '*RST',
      act(() => state.preset()),
      { housekeeping: true },
    )
    .on(
      'MMEMory:DELete',
      act((ctx) => {
        if (!state.files.delete(ctx.args.expect(1).string(0))) throw SIM_ERRORS.fileNotFound();
      }),
    )
    .on('MMEMory:TRANsfer?', (ctx) => server.block(readFile(state, ctx.args.expect(1).string(0))))
    .on('MMEMory:DATA?', (ctx) => server.block(readFile(state, ctx.args.expect(1).string(0))))
    .setting(
      'SIMulate:LIMit',
      act((ctx) => {
        ctx.args.expect(2);
        state.maxChannels = ctx.args.integer(0, 1, 160);
        state.maxTraces = ctx.args.integer(1, 1, 64);
      }),
      () => `${state.maxChannels},${state.maxTraces}`,
      { housekeeping: true },
    );
}
