import { InstrumentError, quote } from './instrument-error';
import type { Link, LinkOpener } from './link';
import type { Reply } from './reply-parser';
import { RequestQueue } from './request-queue';
import type { CallOptions, Transport, TransportOptions } from './transport';
import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_QUERY_TIMEOUT_MS, DEFAULT_WRITE_TIMEOUT_MS } from './transport';

/**
 * The Transport that TCP and VISA share: one call at a time, per-call timeouts, and recovery.
 *
 * After a timeout, a bad reply or a dropped connection the link is closed at once, because its
 * state is unknown: a late reply could otherwise be taken as the answer to the next query. The
 * next call opens a new link and sends `*CLS` first (INSTRUMENTS.md section 1: a raw socket has
 * no device clear, so reopen and clear status and error queue), then goes on as usual. The
 * failed call itself is not repeated: a command may have taken effect, and only the caller
 * knows whether sending it again is safe. After close() every call fails with kind 'closed'.
 */
export class LinkTransport implements Transport {
  private link: Link | undefined;
  private closed = false;
  private readonly queue = new RequestQueue();
  private readonly queryTimeoutMs: number;
  private readonly writeTimeoutMs: number;
  private readonly connectTimeoutMs: number;

  private constructor(
    readonly resource: string,
    private readonly openLink: LinkOpener,
    link: Link,
    options: TransportOptions,
  ) {
    this.link = link;
    this.queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
    this.writeTimeoutMs = options.writeTimeoutMs ?? DEFAULT_WRITE_TIMEOUT_MS;
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  }

  /** Opens the first link now, so a wrong address fails here and not at the first command. */
  static async open(
    resource: string,
    openLink: LinkOpener,
    options: TransportOptions = {},
  ): Promise<LinkTransport> {
    const link = await openLink(options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS);
    return new LinkTransport(resource, openLink, link, options);
  }

  async write(command: string, options?: CallOptions): Promise<void> {
    await this.call(command, false, options?.timeoutMs ?? this.writeTimeoutMs);
  }

  async query(command: string, options?: CallOptions): Promise<string> {
    const reply = (await this.call(command, true, options?.timeoutMs ?? this.queryTimeoutMs)) as Reply;
    if (reply.kind === 'line') return reply.text;
    throw this.error(
      'bad-reply',
      `${this.resource} answered ${quote(command)} with a ${reply.data.length}-byte binary block where text was expected.`,
      command,
    );
  }

  async queryBinary(command: string, options?: CallOptions): Promise<Buffer> {
    const reply = (await this.call(command, true, options?.timeoutMs ?? this.queryTimeoutMs)) as Reply;
    if (reply.kind === 'block') return reply.data;
    throw this.error(
      'bad-reply',
      `${this.resource} answered ${quote(command)} with the text ${quote(reply.text)} where a binary block ` +
        '(#…) was expected: check FORM:DATA.',
      command,
    );
  }

  /** Closes at once: a call in flight fails with kind 'closed' instead of running to its timeout. */
  async close(): Promise<void> {
    this.closed = true;
    const link = this.link;
    this.link = undefined;
    await link?.close();
  }

  private call(command: string, expectReply: boolean, timeoutMs: number): Promise<Reply | undefined> {
    if (/[\r\n]/.test(command)) {
      // A line end would split the text into two commands, and the replies would no longer pair up.
      return Promise.reject(new RangeError(`A SCPI command cannot contain a line end: ${quote(command)}`));
    }
    return this.queue.run(async () => {
      if (this.closed) throw this.error('closed', `The connection to ${this.resource} is closed.`, command);
      const link = await this.usableLink(command);
      return this.exchange(link, command, expectReply, timeoutMs);
    });
  }

  private async exchange(link: Link, command: string, expectReply: boolean, timeoutMs: number) {
    try {
      return await link.exchange(command, Buffer.from(`${command}\n`, 'utf8'), expectReply, timeoutMs);
    } catch (error) {
      if (this.link === link) this.link = undefined;
      await link.close();
      throw error;
    }
  }

  private async usableLink(command: string): Promise<Link> {
    if (this.link?.alive) return this.link;
    await this.link?.close();
    this.link = undefined;
    let link: Link;
    try {
      link = await this.openLink(this.connectTimeoutMs);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw this.error('connect', `Reconnecting before ${quote(command)} failed: ${reason}`, command, error);
    }
    await this.exchange(link, '*CLS', false, this.writeTimeoutMs);
    if (this.closed) {
      await link.close();
      throw this.error('closed', `The connection to ${this.resource} is closed.`, command);
    }
    this.link = link;
    return link;
  }

  private error(kind: InstrumentError['kind'], message: string, command: string, cause?: unknown) {
    return new InstrumentError(kind, message, { command, resource: this.resource, cause });
  }
}
