import type { FaultKind } from '../faults';
import { FAULT_HELP, formatFault, parseFault } from '../faults';
import type { ScpiServer } from './scpi-server';
import { noErrorReply } from './reply-style';
import { SIM_ERRORS } from './sim-error';

/**
 * IEEE 488.2 common commands, the error queue, data format, and the hidden `:SIM:FAULT` of
 * every simulator. The housekeeping ones stay usable under the ERROR fault, so a client can
 * still connect and read the queue.
 */
export function installCommonCommands(server: ScpiServer): void {
  const { table, options } = server;
  const housekeeping = { housekeeping: true };
  table
    .on('*IDN?', () => options.idn, housekeeping)
    .on(
      '*CLS',
      () => {
        server.errors.length = 0;
        return undefined;
      },
      housekeeping,
    )
    .on(
      '*OPC?',
      async () => {
        await server.whenIdle();
        return options.style === 'keysight' ? '+1' : '1';
      },
      housekeeping,
    )
    .on(
      '*WAI',
      async () => {
        await server.whenIdle();
        return undefined;
      },
      housekeeping,
    )
    .on(
      'SYSTem:ERRor?',
      () => {
        const next = server.errors.shift();
        return next ? `${next.code},"${next.message}"` : noErrorReply(options.style);
      },
      housekeeping,
    )
    .on(
      'SYSTem:ERRor:NEXT?',
      () => {
        const next = server.errors.shift();
        return next ? `${next.code},"${next.message}"` : noErrorReply(options.style);
      },
      housekeeping,
    )
    .setting(
      'FORMat:DATA',
      ({ args }) => {
        args.expect(1, 2);
        const kind = args.choice(0, ['REAL', 'ASCii']);
        if (kind === 'ASC') {
          server.dataFormat = 'ASCII';
          return undefined;
        }
        const bits = args.count === 2 ? args.integer(1, 32, 64) : 64;
        if (bits !== 32 && bits !== 64) throw SIM_ERRORS.illegalValue();
        server.dataFormat = bits === 64 ? 'REAL,64' : 'REAL,32';
        return undefined;
      },
      () => (server.dataFormat === 'ASCII' ? 'ASC,0' : server.dataFormat),
    )
    .setting(
      'FORMat:BORDer',
      ({ args }) => {
        server.byteOrder = args.expect(1).choice(0, ['NORMal', 'SWAPped']) === 'NORM' ? 'NORM' : 'SWAP';
        return undefined;
      },
      () => server.byteOrder,
    )
    .setting(
      'SIMulate:FAULt',
      ({ args }) => {
        const fault = parseFault(args.items.join(','));
        if (!fault) throw SIM_ERRORS.illegalValue();
        server.fault = fault;
        return undefined;
      },
      () => formatFault(server.fault),
      housekeeping,
    )
    .on(
      'SIMulate:FAULt:CATalog?',
      () =>
        (Object.keys(FAULT_HELP) as FaultKind[]).map((kind) => `"${kind}: ${FAULT_HELP[kind]}"`).join(','),
      housekeeping,
    );
}
