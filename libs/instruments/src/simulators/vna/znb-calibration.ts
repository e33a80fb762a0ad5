import type { CommandContext } from '../scpi/command-table';
import { act } from '../scpi/command-table';
import type { ScpiServer } from '../scpi/scpi-server';
import { SIM_ERRORS } from '../scpi/sim-error';
import {
  electronicCalibration,
  measureStandard,
  saveCollection,
  standardKey,
  standardsFor,
  startCollection,
} from './vna-calibration';
import type { VnaState } from './vna-state';

/** R&S names: TOSM (SOLT), REFL (one port), FTRansmission (thru only); MATCh is the load. */
const ZNB_STANDARDS: Readonly<Record<string, 'OPEN' | 'SHORT' | 'LOAD' | 'THRU'>> = {
  OPEN: 'OPEN',
  SHOR: 'SHORT',
  MATC: 'LOAD',
  THR: 'THRU',
};

export function installZnbCalibration(server: ScpiServer, state: VnaState): void {
  const channelOf = (ctx: CommandContext) => state.channel(ctx.suffixes[0] ?? 1);
  const base = 'SENSe#:CORRection:COLLect';
  server.table
    .on(
      `${base}:METHod:DEFine`,
      act((ctx) => {
        ctx.args.expect(3, 6).string(0);
        const method = ctx.args.choice(1, ['TOSM', 'REFL', 'FTRansmission']);
        const ports = ctx.args.portList(2, state.config.ports);
        if ((method === 'REFL') !== (ports.length === 1) || (method === 'FTR' && ports.length !== 2))
          throw SIM_ERRORS.settingsConflict(`${method} does not take ${ports.length} ports`);
        startCollection(
          channelOf(ctx),
          ports,
          standardsFor(ports, method === 'TOSM' ? 'SOLT' : method === 'REFL' ? 'REFL' : 'THRU'),
        );
      }),
    )
    .on(
      `${base}:SELected`,
      act((ctx) => {
        const standard = ZNB_STANDARDS[ctx.args.choice(0, ['OPEN', 'SHORt', 'MATCh', 'THRough'])] as 'OPEN';
        const ports = ctx.args.portList(1, state.config.ports);
        measureStandard(server, ctx.connection, channelOf(ctx), standardKey(standard, ports));
      }),
    )
    .on(
      `${base}:SAVE:SELected`,
      act((ctx) => saveCollection(channelOf(ctx))),
    )
    .on(
      `${base}:AUTO`,
      act((ctx) => {
        ctx.args.string(0);
        electronicCalibration(
          server,
          ctx.connection,
          channelOf(ctx),
          ctx.args.portList(1, state.config.ports),
        );
      }),
    );
}
