import * as net from 'node:net';
import type { InstrumentErrorKind } from './instrument-error';
import { InstrumentError, quote } from './instrument-error';
import type { Link } from './link';
import type { Reply } from './reply-parser';
import { ReplyFormatError, ReplyParser } from './reply-parser';

interface Waiter {
  readonly command: string;
  readonly expectReply: boolean;
  readonly resolve: (reply: Reply | undefined) => void;
  readonly reject: (error: InstrumentError) => void;
  readonly timer: NodeJS.Timeout;
  written: boolean;
}

/**
 * SCPI over a raw TCP socket (port 5025): commands end in '\n', replies are framed by
 * ReplyParser. The socket is event driven, so a reply may arrive in any number of chunks.
 */
class TcpLink implements Link {
  private readonly parser: ReplyParser;
  private waiter: Waiter | undefined;
  /** Bytes that arrived while no query was waiting: the stream is out of step with our requests. */
  private strayBytes = 0;
  private socketError: Error | undefined;
  private isAlive = true;
  private readonly closedEvent: Promise<void>;

  constructor(
    private readonly socket: net.Socket,
    private readonly resource: string,
    maxReplyBytes: number | undefined,
  ) {
    this.parser = new ReplyParser(maxReplyBytes);
    this.closedEvent = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (error) => (this.socketError = error));
    socket.on('close', () => this.onClose());
  }

  get alive(): boolean {
    return this.isAlive;
  }

  exchange(
    command: string,
    payload: Buffer,
    expectReply: boolean,
    timeoutMs: number,
  ): Promise<Reply | undefined> {
    if (!this.isAlive)
      return Promise.reject(this.error('closed', `The connection to ${this.resource} is closed.`, command));
    if (this.strayBytes > 0) {
      const error = this.error(
        'bad-reply',
        `${this.resource} sent ${this.strayBytes} bytes that no query asked for, before ${quote(command)} was sent ` +
          '(a query sent as a plain write?). The connection is reopened on the next call.',
        command,
      );
      this.kill();
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.onTimeout(timeoutMs), timeoutMs);
      const waiter: Waiter = { command, expectReply, resolve, reject, timer, written: false };
      this.waiter = waiter;
      this.socket.write(payload, (error) => this.onWritten(waiter, error));
    });
  }

  async close(): Promise<void> {
    const waiter = this.waiter;
    if (waiter) {
      const what = waiter.expectReply
        ? `waiting for the reply to ${quote(waiter.command)}`
        : `sending ${quote(waiter.command)}`;
      this.fail(
        this.error('closed', `The connection to ${this.resource} was closed while ${what}.`, waiter.command),
      );
    }
    this.kill();
    await this.closedEvent;
  }

  private onWritten(waiter: Waiter, error: Error | null | undefined): void {
    if (this.waiter !== waiter) return;
    const command = waiter.command;
    if (error) {
      this.fail(
        this.error(
          'closed',
          `Sending ${quote(command)} to ${this.resource} failed: ${error.message}`,
          command,
        ),
      );
      return;
    }
    waiter.written = true;
    if (!waiter.expectReply) this.settle(undefined);
  }

  private onData(chunk: Buffer): void {
    const waiter = this.waiter;
    if (!waiter?.expectReply) {
      this.strayBytes += chunk.length;
      return;
    }
    this.parser.push(chunk);
    let reply: Reply | undefined;
    try {
      reply = this.parser.next();
    } catch (error) {
      const reason = error instanceof ReplyFormatError ? error.message : String(error);
      this.fail(
        this.error(
          'bad-reply',
          `The reply of ${this.resource} to ${quote(waiter.command)} is garbled: ${reason}`,
          waiter.command,
        ),
      );
      return;
    }
    if (!reply) return;
    if (this.parser.bufferedBytes > 0) {
      // One query, one reply: anything after it means the framing was wrong (say, a block length
      // one short that happened to end on a '\n'), so none of it can be trusted.
      this.fail(
        this.error(
          'bad-reply',
          `${this.resource} sent ${this.parser.bufferedBytes} more bytes after its reply to ${quote(waiter.command)}; ` +
            'the reply cannot be trusted (a block length that does not match its data?).',
          waiter.command,
        ),
      );
      return;
    }
    this.settle(reply);
  }

  private onTimeout(timeoutMs: number): void {
    const waiter = this.waiter;
    if (!waiter) return;
    const message = waiter.written
      ? `No complete reply from ${this.resource} to ${quote(waiter.command)} within ${timeoutMs} ms ` +
        `(received: ${this.parser.describePending()}).`
      : `Could not send ${quote(waiter.command)} to ${this.resource} within ${timeoutMs} ms: the instrument is not reading.`;
    this.fail(this.error('timeout', message, waiter.command));
  }

  private onClose(): void {
    this.isAlive = false;
    const waiter = this.waiter;
    if (!waiter) return;
    const during = waiter.expectReply
      ? `while replying to ${quote(waiter.command)} (received: ${this.parser.describePending()})`
      : `while ${quote(waiter.command)} was being sent`;
    const reason = this.socketError ? ` (${this.socketError.message})` : '';
    this.fail(
      this.error('closed', `${this.resource} closed the connection ${during}${reason}.`, waiter.command),
    );
  }

  private settle(reply: Reply | undefined): void {
    const waiter = this.waiter as Waiter;
    clearTimeout(waiter.timer);
    this.waiter = undefined;
    waiter.resolve(reply);
  }

  private fail(error: InstrumentError): void {
    const waiter = this.waiter;
    this.kill();
    if (!waiter) return;
    clearTimeout(waiter.timer);
    this.waiter = undefined;
    waiter.reject(error);
  }

  private kill(): void {
    this.isAlive = false;
    this.socket.destroy();
  }

  private error(kind: InstrumentErrorKind, message: string, command: string): InstrumentError {
    return new InstrumentError(kind, message, { command, resource: this.resource, cause: this.socketError });
  }
}

/** Connects within `timeoutMs`; a refusal names the likely cause in words. */
export function openTcpLink(
  host: string,
  port: number,
  resource: string,
  timeoutMs: number,
  maxReplyBytes?: number,
): Promise<Link> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const fail = (reason: string, cause?: unknown) => {
      clearTimeout(timer);
      socket.destroy();
      reject(new InstrumentError('connect', `Cannot connect to ${resource}: ${reason}`, { resource, cause }));
    };
    const onError = (error: NodeJS.ErrnoException) => fail(describeConnectError(error, port), error);
    const timer = setTimeout(
      () =>
        fail(
          `no answer within ${timeoutMs} ms. Is the instrument on, on this network, and is its address right?`,
        ),
      timeoutMs,
    );
    socket.once('error', onError);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.off('error', onError);
      resolve(new TcpLink(socket, resource, maxReplyBytes));
    });
  });
}

function describeConnectError(error: NodeJS.ErrnoException, port: number): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return `the connection was refused: nothing listens on port ${port}. Enable the instrument's SCPI socket server (raw socket, usually port 5025) or correct the port.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name is unknown. Check the name or use the IP address shown on the instrument.';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the host cannot be reached from this PC. Check the cable, the network and the IP address.';
    default:
      return error.message;
  }
}
