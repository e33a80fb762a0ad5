import type * as net from 'node:net';

/** Longest command line accepted; a client that sends more without a line end is cut off. */
const MAX_LINE_BYTES = 1024 * 1024;

/**
 * One client of a simulated instrument. Lines are answered strictly in order, as an instrument's
 * parser does, even while one of them waits (an `*OPC?` during a sweep).
 */
export class SimConnection {
  private pending = '';
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly socket: net.Socket,
    private readonly onLine: (connection: SimConnection, line: string) => Promise<void>,
  ) {
    socket.setNoDelay(true);
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
  }

  get closed(): boolean {
    return this.socket.destroyed;
  }

  /** A text reply gets its '\n'; a Buffer (a block) is sent as it is, its '\n' included. */
  send(reply: string | Buffer): void {
    if (this.closed) return;
    this.socket.write(typeof reply === 'string' ? `${reply}\n` : reply);
  }

  /** Sends the first half of `bytes`, then drops the connection: a block cut off mid-transfer. */
  sendHalfAndDrop(bytes: Buffer): void {
    if (this.closed) return;
    this.socket.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => this.drop());
  }

  /** The instrument goes away without a word, as one that reboots or loses its network does. */
  drop(): void {
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    this.pending += chunk.toString('latin1');
    let lf = this.pending.indexOf('\n');
    while (lf >= 0) {
      const line = this.pending.slice(0, lf).replace(/\r$/, '');
      this.pending = this.pending.slice(lf + 1);
      this.chain = this.chain.then(() => this.onLine(this, line));
      lf = this.pending.indexOf('\n');
    }
    if (this.pending.length > MAX_LINE_BYTES) this.drop();
  }
}
