import * as net from 'node:net';
import type { BlockForm } from '../ieee-block';
import { encodeBlock } from '../ieee-block';
import type { ScpiError } from '../instrument-error';
import type { ByteOrder, DataFormat } from '../scpi-data';
import { encodeReals, formatAsciiNumbers } from '../scpi-data';
import { socketResourceString } from '../tcp-transport';

/**
 * A tiny SCPI instrument on a loopback TCP port, for transport tests (and a base the simulators
 * can reuse). It answers *IDN?, *CLS, *OPC?, SYST:ERR?, FORM:DATA, FORM:BORD and TRAC:DATA?, keeps
 * an error queue like a real instrument (an unknown command adds -113 and gets no reply), and
 * lets a test script any reply byte by byte: split into chunks, delayed, cut off, or never sent.
 */
export type FakeReply =
  /** A text reply; the fake adds the '\n'. */
  | string
  /** Bytes sent exactly as given (the test adds any terminator). */
  | Buffer
  | {
      readonly bytes: Buffer;
      /** Positions at which to split the bytes into separate TCP writes. */
      readonly cuts?: readonly number[];
      /** Pause between the writes, so each arrives as its own chunk. */
      readonly gapMs?: number;
      /** Close the connection after sending (a peer that drops mid-reply). */
      readonly thenClose?: boolean;
    }
  /** Accept the command and answer nothing: a write, or a query that never gets its reply. */
  | undefined;

export interface FakeContext {
  readonly instrument: FakeInstrument;
  /** The text after the command header, e.g. 'REAL,64' for 'FORM:DATA REAL,64'. */
  readonly argument: string;
}

export type FakeHandler = (context: FakeContext) => FakeReply;

interface Route {
  readonly header: string;
  readonly handler: FakeHandler;
}

export interface FakeInstrumentOptions {
  /** R&S writes the empty error queue as `0,"No error"`, Keysight as `+0,"No error"`. */
  readonly noErrorStyle?: 'keysight' | 'rs';
}

export class FakeInstrument {
  /** Every command received, in order, across connections. */
  readonly commands: string[] = [];
  readonly errorQueue: ScpiError[] = [];
  dataFormat: DataFormat = 'ASCII';
  byteOrder: ByteOrder = 'NORM';
  /** What TRAC:DATA? returns, in the current FORM:DATA and FORM:BORD. */
  trace: Float64Array = Float64Array.from([1, -2.5, 3e-3]);
  connections = 0;
  private readonly routes: Route[] = [];
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
    private readonly options: FakeInstrumentOptions,
  ) {
    this.installStandardCommands();
  }

  static async start(options: FakeInstrumentOptions = {}): Promise<FakeInstrument> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const instrument = new FakeInstrument(server, port, options);
    server.on('connection', (socket) => instrument.accept(socket));
    return instrument;
  }

  get host(): string {
    return '127.0.0.1';
  }

  get resource(): string {
    return socketResourceString(this.host, this.port);
  }

  /** Answers a command header (case-insensitive, without its argument); later routes win. */
  on(header: string, handler: FakeHandler): this {
    this.routes.unshift({ header: header.toUpperCase(), handler });
    return this;
  }

  pushError(code: number, message: string): void {
    this.errorQueue.push({ code, message });
  }

  /** Drops every open connection, as an instrument that reboots would. */
  dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  async close(): Promise<void> {
    this.dropConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The bytes TRAC:DATA? sends for `values` in the current format. */
  encodeTrace(values: ArrayLike<number>, form: BlockForm = 'definite'): Buffer {
    if (this.dataFormat === 'ASCII') return Buffer.from(`${formatAsciiNumbers(values)}\n`);
    return encodeBlock(encodeReals(values, this.dataFormat, this.byteOrder), form);
  }

  private installStandardCommands(): void {
    const noError = this.options.noErrorStyle === 'rs' ? '0,"No error"' : '+0,"No error"';
    this.on('*IDN?', () => 'Sweepline,FakeInstrument,0,1.0');
    this.on('*CLS', () => {
      this.errorQueue.length = 0;
      return undefined;
    });
    this.on('*OPC?', () => '1');
    this.on('SYST:ERR?', () => {
      const next = this.errorQueue.shift();
      return next ? `${next.code},"${next.message}"` : noError;
    });
    this.on('FORM:DATA', ({ argument }) => this.setFormat(argument));
    this.on('FORM:BORD', ({ argument }) => this.setByteOrder(argument));
    this.on('TRAC:DATA?', () => this.encodeTrace(this.trace));
  }

  private setFormat(argument: string): FakeReply {
    const normal = argument.toUpperCase().replace(/\s/g, '');
    if (normal === 'REAL,64' || normal === 'REAL,32') this.dataFormat = normal;
    else if (normal === 'ASC,0' || normal === 'ASCII' || normal === 'ASC') this.dataFormat = 'ASCII';
    else this.pushError(-224, 'Illegal parameter value');
    return undefined;
  }

  private setByteOrder(argument: string): FakeReply {
    const normal = argument.toUpperCase().trim();
    if (normal === 'NORM' || normal === 'SWAP') this.byteOrder = normal;
    else this.pushError(-224, 'Illegal parameter value');
    return undefined;
  }

  private accept(socket: net.Socket): void {
    this.connections++;
    this.sockets.add(socket);
    socket.setNoDelay(true);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let pending = '';
    // Commands are answered one after another, as a real instrument does, even when a slow reply is scripted.
    let answering = Promise.resolve();
    socket.on('data', (chunk) => {
      pending += chunk.toString('utf8');
      let lf = pending.indexOf('\n');
      while (lf >= 0) {
        const command = pending.slice(0, lf).replace(/\r$/, '');
        pending = pending.slice(lf + 1);
        answering = answering.then(() => this.answer(socket, command));
        lf = pending.indexOf('\n');
      }
    });
  }

  private async answer(socket: net.Socket, command: string): Promise<void> {
    this.commands.push(command);
    const space = command.search(/\s/);
    const header = (space < 0 ? command : command.slice(0, space)).toUpperCase();
    const argument = space < 0 ? '' : command.slice(space + 1).trim();
    const route = this.routes.find((r) => r.header === header);
    if (!route) {
      // A real instrument queues -113 and, for a query, sends nothing: the client times out.
      this.pushError(-113, 'Undefined header');
      return;
    }
    await send(socket, route.handler({ instrument: this, argument }));
  }
}

async function send(socket: net.Socket, reply: FakeReply): Promise<void> {
  if (reply === undefined || socket.destroyed) return;
  if (typeof reply === 'string') {
    socket.write(`${reply}\n`);
    return;
  }
  if (Buffer.isBuffer(reply)) {
    socket.write(reply);
    return;
  }
  const cuts = [...new Set(reply.cuts ?? [])]
    .filter((c) => c > 0 && c < reply.bytes.length)
    .sort((a, b) => a - b);
  let start = 0;
  for (const cut of [...cuts, reply.bytes.length]) {
    if (socket.destroyed) return;
    socket.write(reply.bytes.subarray(start, cut));
    start = cut;
    if (reply.gapMs && cut < reply.bytes.length)
      await new Promise((resolve) => setTimeout(resolve, reply.gapMs));
  }
  if (reply.thenClose) socket.end(() => socket.destroy());
}
