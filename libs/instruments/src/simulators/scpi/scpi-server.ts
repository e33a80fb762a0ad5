import * as net from 'node:net';
import { encodeBlock } from '../../transport/ieee-block';
import type { ScpiError } from '../../transport/instrument-error';
import type { ByteOrder, DataFormat } from '../../transport/scpi-data';
import { encodeReals, formatAsciiNumbers } from '../../transport/scpi-data';
import { socketResourceString } from '../../transport/tcp-transport';
import type { Fault } from '../faults';
import { DEFAULT_FAULT_ERROR_CODE, DEFAULT_SLOW_S } from '../faults';
import { Args } from './args';
import type { SimReply } from './command-table';
import { CommandTable } from './command-table';
import { parseHeader, splitCommands } from './header';
import type { ReplyStyle } from './reply-style';
import { formatNumber } from './reply-style';
import { SimConnection } from './sim-connection';
import { SIM_ERRORS, SimError } from './sim-error';

/** SCPI queues hold a few dozen entries; the last one becomes -350 when more arrive. */
const MAX_QUEUED_ERRORS = 32;

const FAULT_MESSAGES: Readonly<Record<number, string>> = {
  [-200]: 'Execution error',
  [-222]: 'Data out of range',
  [-113]: 'Undefined header',
  [-310]: 'System error',
};

export interface ScpiServerOptions {
  readonly idn: string;
  readonly style: ReplyStyle;
  /** Multiplies simulated durations; 0 makes sweeps instant. */
  readonly timeScale: number;
  readonly fault: Fault;
  /** Keep every command received in `commands` (tests); off for long-running simulators. */
  readonly record?: boolean;
}

/**
 * A simulated SCPI instrument on a TCP port: the parser, the error queue, FORM:DATA and
 * FORM:BORD, overlapped operations that `*OPC?` waits for, and the faults. What the
 * instrument knows is in `table`, filled by common-commands.ts and the family's command files.
 */
export class ScpiServer {
  readonly table = new CommandTable();
  readonly errors: ScpiError[] = [];
  readonly commands: string[] = [];
  dataFormat: DataFormat = 'ASCII';
  byteOrder: ByteOrder = 'NORM';
  fault: Fault;
  private busyUntil = 0;
  private server: net.Server | undefined;
  private readonly connections = new Set<SimConnection>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(readonly options: ScpiServerOptions) {
    this.fault = options.fault;
  }

  async listen(port = 0, host = '127.0.0.1'): Promise<number> {
    const server = net.createServer((socket) => {
      const connection = new SimConnection(socket, (c, line) => this.handleLine(c, line));
      this.connections.add(connection);
      socket.on('close', () => this.connections.delete(connection));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    return (server.address() as net.AddressInfo).port;
  }

  get resource(): string {
    const address = this.server?.address() as net.AddressInfo | undefined;
    if (!address) throw new Error('The simulator is not listening');
    return socketResourceString(address.address, address.port);
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const connection of this.connections) connection.drop();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Drops every client, as an instrument that reboots does. */
  dropConnections(): void {
    for (const connection of this.connections) connection.drop();
  }

  pushError(error: ScpiError): void {
    if (this.errors.length >= MAX_QUEUED_ERRORS) {
      this.errors[MAX_QUEUED_ERRORS - 1] = { code: -350, message: 'Queue overflow' };
      return;
    }
    this.errors.push(error);
  }

  /**
   * Starts an overlapped operation (a sweep, a calibration step, a PIM test) lasting `ms` of
   * simulated time; `*OPC?` answers when all have ended. The DROP fault cuts the connection
   * halfway; SLOW adds its seconds in real time.
   */
  startOperation(ms: number, connection: SimConnection): void {
    const slow = this.fault.kind === 'SLOW' ? (this.fault.slowS ?? DEFAULT_SLOW_S) * 1000 : 0;
    const duration = ms * this.options.timeScale + slow;
    const start = Math.max(Date.now(), this.busyUntil);
    this.busyUntil = start + duration;
    if (this.fault.kind === 'DROP') this.after(start - Date.now() + duration / 2, () => connection.drop());
  }

  /** Resolves when every overlapped operation has ended. */
  async whenIdle(): Promise<void> {
    const wait = this.busyUntil - Date.now();
    if (wait > 0) await new Promise<void>((resolve) => this.after(wait, resolve));
  }

  /** Simulated time passing (a PIM reading) within a command, scaled like operations. */
  scaled(ms: number): number {
    return ms * this.options.timeScale;
  }

  /** Trace data in the current FORM:DATA and FORM:BORD. */
  numbers(values: ArrayLike<number>): string | Buffer {
    if (this.dataFormat === 'ASCII') return formatAsciiNumbers(values);
    return encodeBlock(encodeReals(values, this.dataFormat, this.byteOrder));
  }

  /** A file or image as an IEEE 488.2 definite block. */
  block(data: Buffer): Buffer {
    return encodeBlock(data);
  }

  number(value: number): string {
    return formatNumber(value, this.options.style);
  }

  private after(ms: number, run: () => void): void {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        run();
      },
      Math.max(0, ms),
    );
    this.timers.add(timer);
  }

  private async handleLine(connection: SimConnection, line: string): Promise<void> {
    for (const command of splitCommands(line)) {
      if (connection.closed) return;
      await this.handleCommand(connection, command);
    }
  }

  private async handleCommand(connection: SimConnection, command: string): Promise<void> {
    if (this.options.record) this.commands.push(command);
    const space = command.search(/\s/);
    const headerText = space < 0 ? command : command.slice(0, space);
    const header = parseHeader(headerText);
    const match = header && this.table.find(header);
    if (!match) {
      this.pushError(SIM_ERRORS.undefinedHeader());
      return;
    }
    const { route, suffixes } = match;
    // NOREPLY: every query but the fault's own goes unanswered; the client runs into its timeout.
    if (header.query && this.fault.kind === 'NOREPLY' && !/^:?SIM/i.test(headerText)) return;
    let reply: SimReply;
    try {
      reply = await route.handler({
        args: new Args(space < 0 ? '' : command.slice(space + 1)),
        suffixes,
        connection,
      });
    } catch (error) {
      const simError = error instanceof SimError ? error : SIM_ERRORS.execution((error as Error).message);
      this.pushError({ code: simError.code, message: simError.message });
      return;
    }
    if (this.fault.kind === 'ERROR' && !route.housekeeping) {
      const code = this.fault.errorCode ?? DEFAULT_FAULT_ERROR_CODE;
      this.pushError({
        code,
        message: `${FAULT_MESSAGES[code] ?? 'Device-specific error'}; simulated fault`,
      });
    }
    if (reply === undefined) return;
    if (this.fault.kind === 'DROP' && Buffer.isBuffer(reply) && reply.length > 16)
      connection.sendHalfAndDrop(reply);
    else connection.send(reply);
  }
}
