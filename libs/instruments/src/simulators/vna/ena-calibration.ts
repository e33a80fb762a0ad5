import type { CommandContext } from '../scpi/command-table';
import { act } from '../scpi/command-table';
import type { ScpiServer } from '../scpi/scpi-server';
import {
  electronicCalibration,
  measureStandard,
  saveCollection,
  standardKey,
  standardsFor,
  startCollection,
} from './vna-calibration';
import type { VnaState } from './vna-state';

/** `SENS{c}:CORR:COLL:METH:SOLTn`, one command per standard with `*OPC?`, then `SAVE` (INSTRUMENTS.md section 2). */
export function installEnaCalibration(server: ScpiServer, state: VnaState): void {
  const channelOf = (ctx: CommandContext) => state.channel(ctx.suffixes[0] ?? 1);
  const ports = (ctx: CommandContext, count: number) =>
    ctx.args.expect(count).portList(0, state.config.ports);
  const base = 'SENSe#:CORRection:COLLect';
  server.table
    .on(
      `${base}:METHod:SOLT#`,
      act((ctx) =>
        startCollection(
          channelOf(ctx),
          ports(ctx, ctx.suffixes[1] as number),
          standardsFor(ports(ctx, ctx.suffixes[1] as number), 'SOLT', true),
        ),
      ),
    )
    .on(
      `${base}:METHod:THRU`,
      act((ctx) => startCollection(channelOf(ctx), ports(ctx, 2), standardsFor(ports(ctx, 2), 'THRU'))),
    )
    .on(
      `${base}:OPEN`,
      act((ctx) =>
        measureStandard(server, ctx.connection, channelOf(ctx), standardKey('OPEN', ports(ctx, 1))),
      ),
    )
    .on(
      `${base}:SHORt`,
      act((ctx) =>
        measureStandard(server, ctx.connection, channelOf(ctx), standardKey('SHORT', ports(ctx, 1))),
      ),
    )
    .on(
      `${base}:LOAD`,
      act((ctx) =>
        measureStandard(server, ctx.connection, channelOf(ctx), standardKey('LOAD', ports(ctx, 1))),
      ),
    )
    .on(
      `${base}:THRU`,
      act((ctx) =>
        measureStandard(server, ctx.connection, channelOf(ctx), standardKey('THRU', ports(ctx, 2))),
      ),
    )
    .on(
      `${base}:SAVE`,
      act((ctx) => saveCollection(channelOf(ctx))),
    )
    .on(
      `${base}:ECAL:SOLT#`,
      act((ctx) =>
        electronicCalibration(server, ctx.connection, channelOf(ctx), ports(ctx, ctx.suffixes[1] as number)),
      ),
    );
}
