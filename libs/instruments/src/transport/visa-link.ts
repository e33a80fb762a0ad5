import type { InstrumentErrorKind } from './instrument-error';
import { InstrumentError, quote } from './instrument-error';
import type { Link } from './link';
import type { Reply } from './reply-parser';
import { ReplyFormatError, ReplyParser } from './reply-parser';
import {
  VI_ATTR_TERMCHAR,
  VI_ATTR_TERMCHAR_EN,
  VI_ATTR_TMO_VALUE,
  VI_ERROR_TMO,
  VI_NO_LOCK,
  VI_SUCCESS,
  VI_TRUE,
  visaStatusName,
} from './visa-constants';
import type { VisaLibrary } from './visa-library';
import { checkVisaSetup } from './visa-library';

/** Size of one viRead; a longer reply takes several reads, joined by the parser. */
const READ_CHUNK_BYTES = 64 * 1024;
/**
 * VISA enforces the timeout itself (VI_ATTR_TMO_VALUE); this margin on top only catches a VISA
 * library that never returns, so the call still fails instead of hanging.
 */
const NATIVE_GRACE_MS = 500;

/**
 * One VISA session (viOpen) carrying SCPI. Reads stop at '\n' (VI_ATTR_TERMCHAR_EN) so a text
 * reply completes without waiting for a full buffer, and the same ReplyParser as TCP keeps
 * reading a block by byte count across those stops; END (VI_SUCCESS from viRead, i.e. EOI on GPIB
 * or EOM on USBTMC, VXI-11, HiSLIP) also ends a message.
 */
class VisaLink implements Link {
  private isAlive = true;
  private closing = false;
  /** The native call in progress, so viClose waits for it instead of racing it. */
  private native: Promise<unknown> = Promise.resolve();
  private readonly buffer = Buffer.alloc(READ_CHUNK_BYTES);

  constructor(
    private readonly visa: VisaLibrary,
    private readonly rm: number,
    private readonly session: number,
    private readonly resource: string,
    private readonly maxReplyBytes: number | undefined,
  ) {}

  get alive(): boolean {
    return this.isAlive;
  }

  async exchange(
    command: string,
    payload: Buffer,
    expectReply: boolean,
    timeoutMs: number,
  ): Promise<Reply | undefined> {
    if (!this.isAlive) throw this.error('closed', `The connection to ${this.resource} is closed.`, command);
    const deadline = Date.now() + timeoutMs;
    const parser = new ReplyParser(this.maxReplyBytes);
    try {
      await this.send(command, payload, deadline, timeoutMs);
      return expectReply ? await this.receive(command, parser, deadline, timeoutMs) : undefined;
    } catch (error) {
      this.isAlive = false;
      if (error instanceof ReplyFormatError) {
        throw this.error(
          'bad-reply',
          `The reply of ${this.resource} to ${quote(command)} is garbled: ${error.message}`,
          command,
        );
      }
      throw error;
    }
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.isAlive = false;
    // A read still blocked in VISA ends at its own timeout: close the session after it rather
    // than under it, without making our caller wait for a VISA library that may never return.
    const release = () => {
      this.visa.close(this.session);
      this.visa.close(this.rm);
    };
    void this.native.then(release, release);
  }

  private async send(command: string, payload: Buffer, deadline: number, timeoutMs: number): Promise<void> {
    const { status, count } = await this.call(command, deadline, timeoutMs, () =>
      this.visa.write(this.session, payload),
    );
    if (status === VI_ERROR_TMO) {
      throw this.error(
        'timeout',
        `Could not send ${quote(command)} to ${this.resource} within ${timeoutMs} ms.`,
        command,
      );
    }
    if (status < VI_SUCCESS || count !== payload.length) {
      throw this.error(
        'closed',
        `Sending ${quote(command)} to ${this.resource} failed: ${visaStatusName(status)}.`,
        command,
      );
    }
  }

  private async receive(
    command: string,
    parser: ReplyParser,
    deadline: number,
    timeoutMs: number,
  ): Promise<Reply> {
    for (;;) {
      const { status, count } = await this.call(command, deadline, timeoutMs, () =>
        this.visa.read(this.session, this.buffer),
      );
      // The parser keeps chunks by reference and the read buffer is reused: copy.
      parser.push(Buffer.from(this.buffer.subarray(0, count)));
      if (status === VI_ERROR_TMO) {
        throw this.error(
          'timeout',
          `No complete reply from ${this.resource} to ${quote(command)} within ${timeoutMs} ms ` +
            `(received: ${parser.describePending()}).`,
          command,
        );
      }
      if (status < VI_SUCCESS) {
        throw this.error(
          'closed',
          `Reading the reply of ${this.resource} to ${quote(command)} failed: ${visaStatusName(status)} ` +
            `(received: ${parser.describePending()}).`,
          command,
        );
      }
      const reply =
        parser.next() ?? (status === VI_SUCCESS ? (parser.endOfMessage() ?? emptyLine) : undefined);
      if (!reply) continue;
      if (parser.bufferedBytes > 0) {
        throw this.error(
          'bad-reply',
          `${this.resource} sent ${parser.bufferedBytes} more bytes after its reply to ${quote(command)}; ` +
            'the reply cannot be trusted (a block length that does not match its data?).',
          command,
        );
      }
      return reply;
    }
  }

  /** Runs one native call with VISA's timeout set to what is left of the call's time. */
  private async call<T>(
    command: string,
    deadline: number,
    timeoutMs: number,
    run: () => Promise<T>,
  ): Promise<T> {
    const left = deadline - Date.now();
    if (left <= 0) {
      throw this.error(
        'timeout',
        `No complete reply from ${this.resource} to ${quote(command)} within ${timeoutMs} ms.`,
        command,
      );
    }
    const status = this.visa.setAttribute(this.session, VI_ATTR_TMO_VALUE, Math.ceil(left));
    if (status < VI_SUCCESS) {
      throw this.error(
        'closed',
        `VISA refused the timeout for ${this.resource}: ${visaStatusName(status)}.`,
        command,
      );
    }
    const native = run();
    this.native = native;
    let guard: NodeJS.Timeout | undefined;
    const hung = new Promise<never>((_, reject) => {
      guard = setTimeout(
        () =>
          reject(
            this.error(
              'timeout',
              `The VISA library did not return within ${timeoutMs} ms for ${quote(command)} on ${this.resource}.`,
              command,
            ),
          ),
        left + NATIVE_GRACE_MS,
      );
    });
    try {
      return await Promise.race([native, hung]);
    } finally {
      clearTimeout(guard);
    }
  }

  private error(kind: InstrumentErrorKind, message: string, command: string): InstrumentError {
    return new InstrumentError(kind, message, { command, resource: this.resource });
  }
}

const emptyLine: Reply = { kind: 'line', text: '' };

/** viOpenDefaultRM + viOpen, then reads set to stop at '\n'. */
export async function openVisaLink(
  visa: VisaLibrary,
  resource: string,
  timeoutMs: number,
  maxReplyBytes?: number,
): Promise<Link> {
  const rm = visa.openDefaultRM();
  checkVisaSetup(rm.status, 'start its resource manager (viOpenDefaultRM)', resource);
  const opened = await visa.open(rm.session, resource, VI_NO_LOCK, timeoutMs);
  if (opened.status < VI_SUCCESS) {
    visa.close(rm.session);
    throw new InstrumentError(
      'connect',
      `VISA could not open ${resource}: ${visaStatusName(opened.status)}. Check that the instrument is on and ` +
        "connected, and that the vendor's connection tool (Keysight Connection Expert, NI MAX, R&S VISA Tester) lists it.",
      { resource },
    );
  }
  try {
    checkVisaSetup(
      visa.setAttribute(opened.session, VI_ATTR_TERMCHAR, 0x0a),
      'set the termination character',
      resource,
    );
    checkVisaSetup(
      visa.setAttribute(opened.session, VI_ATTR_TERMCHAR_EN, VI_TRUE),
      'enable the termination character',
      resource,
    );
  } catch (error) {
    visa.close(opened.session);
    visa.close(rm.session);
    throw error;
  }
  return new VisaLink(visa, rm.session, opened.session, resource, maxReplyBytes);
}
