import type { CommandContext } from '../scpi/command-table';
import { act } from '../scpi/command-table';
import type { ScpiServer } from '../scpi/scpi-server';
import { SIM_ERRORS } from '../scpi/sim-error';
import {
  electronicCalibration,
  measureStandard,
  saveCollection,
  standardsFor,
  startCollection,
} from './vna-calibration';
import { loadCalFile, saveCalFile } from './vna-files';
import type { VnaState } from './vna-state';

/**
 * PNA calibration (INSTRUMENTS.md section 2, [M]): the guided calibration, in which the
 * instrument itself lists the steps (`GUID:STEP?`) and says what to connect for each
 * (`GUID:DESC? n`); the ECal module; a response (thru) calibration; and cal sets by name.
 */
export function installPnaCalibration(server: ScpiServer, state: VnaState): void {
  const connectors = new Map<number, string>();
  const channelOf = (ctx: CommandContext) => state.channel(ctx.suffixes[0] ?? 1);
  const collection = (ctx: CommandContext) => {
    const c = channelOf(ctx).collection;
    if (!c) throw SIM_ERRORS.settingsConflict('no guided calibration initiated');
    return c;
  };
  const step = (ctx: CommandContext, text: string) => {
    const n = Number(/^(?:STAN)?(\d+)$/i.exec(text.trim())?.[1]);
    const key = collection(ctx).needed[n - 1];
    if (key === undefined) throw SIM_ERRORS.outOfRange(`step ${text}`);
    return key;
  };
  const guided = 'SENSe#:CORRection:COLLect:GUIDed';
  server.table
    .setting(
      `${guided}:CONNector:PORT#`,
      act((ctx) => {
        const connector = ctx.args.expect(1).string(0);
        const port = ctx.suffixes[1] as number;
        if (port > state.config.ports) throw SIM_ERRORS.suffixOutOfRange();
        if (/^not used$/i.test(connector)) connectors.delete(port);
        else connectors.set(port, connector);
      }),
      (ctx) => `"${connectors.get(ctx.suffixes[1] as number) ?? 'Not used'}"`,
    )
    .on(
      `${guided}:CKIT:PORT#`,
      act((ctx) => void ctx.args.expect(1).string(0)),
    )
    .on(
      `${guided}:INITiate`,
      act((ctx) => {
        const ports = [...connectors.keys()].sort((a, b) => a - b);
        if (ports.length === 0) throw SIM_ERRORS.settingsConflict('no port has a connector');
        startCollection(channelOf(ctx), ports, standardsFor(ports, ports.length === 1 ? 'REFL' : 'SOLT'));
      }),
    )
    .on(`${guided}:STEPs?`, (ctx) => String(collection(ctx).needed.length))
    .on(`${guided}:DESCription?`, (ctx) => {
      const [standard, ports = ''] = step(ctx, ctx.args.expect(1).raw(0)).split(' ');
      const [a, b] = ports.split(',').map(Number);
      if (standard === 'THRU')
        return `"Connect ${connectors.get(a as number)} THRU between port ${a} and port ${b}"`;
      return `"Connect ${connectors.get(a as number)} ${standard} to port ${a}"`;
    })
    .on(
      `${guided}:ACQuire`,
      act((ctx) =>
        measureStandard(server, ctx.connection, channelOf(ctx), step(ctx, ctx.args.expect(1).raw(0))),
      ),
    )
    .on(
      `${guided}:SAVE`,
      act((ctx) => saveCollection(channelOf(ctx))),
    )
    .on(
      `${guided}:ECAL:ACQuire`,
      act((ctx) => {
        ctx.args.choice(0, ['SOLT']);
        electronicCalibration(
          server,
          ctx.connection,
          channelOf(ctx),
          ctx.args.portList(1, state.config.ports),
        );
      }),
    )
    .on(
      'SENSe#:CORRection:COLLect:METHod',
      act((ctx) => {
        ctx.args.expect(1).choice(0, ['RESPTHRU']);
        startCollection(channelOf(ctx), [], ['THRU']);
      }),
    )
    .on(
      'SENSe#:CORRection:COLLect:ACQuire',
      act((ctx) =>
        measureStandard(server, ctx.connection, channelOf(ctx), ctx.args.expect(1).choice(0, ['THRU'])),
      ),
    )
    .on(
      'SENSe#:CORRection:COLLect:SAVE',
      act((ctx) => saveCollection(channelOf(ctx))),
    )
    .on(
      'SENSe#:CORRection:CSET:SAVE',
      act((ctx) => saveCalFile(state, channelOf(ctx), ctx.args.expect(1).string(0))),
    )
    .on(
      'SENSe#:CORRection:CSET:ACTivate',
      act((ctx) => {
        ctx.args.expect(2).boolean(1);
        loadCalFile(state, channelOf(ctx), ctx.args.string(0));
      }),
    );
}
