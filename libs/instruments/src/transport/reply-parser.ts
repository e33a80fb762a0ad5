import { ByteQueue } from './byte-queue';
import { DEFAULT_MAX_REPLY_BYTES } from './transport';

/**
 * Incremental framing of SCPI replies (INSTRUMENTS.md section 1): a text line ending in '\n', or
 * an IEEE 488.2 block: definite `#<n><len><data>` read BY BYTE COUNT (the data may hold '\n'),
 * indefinite `#0<data>\n`, or the R&S form `#(<len>)<data>`; a block is followed by its '\n'.
 *
 * Bytes arrive in any chunking; `next()` returns a reply once it is complete, undefined while more
 * bytes are needed, and throws ReplyFormatError for bytes that cannot be a reply. It is total:
 * it never hangs and never invents data, and a length that does not match the data shows up as
 * a missing line end after the counted bytes (or as no reply at all, which the caller times out).
 */
export type Reply =
  { readonly kind: 'line'; readonly text: string } | { readonly kind: 'block'; readonly data: Buffer };

/** Bytes that cannot be a reply; the transport turns it into InstrumentError 'bad-reply'. */
export class ReplyFormatError extends Error {
  override readonly name = 'ReplyFormatError';
}

const LF = 0x0a;
const CR = 0x0d;
const HASH = 0x23;
const ZERO = 0x30;
const NINE = 0x39;
const OPEN = 0x28;
const CLOSE = 0x29;
/** R&S `#(<len>)`: more digits than a Number holds exactly cannot be a real length. */
const MAX_RS_DIGITS = 15;

type Frame =
  | { readonly kind: 'line' }
  | { readonly kind: 'indefinite' }
  | { readonly kind: 'counted'; readonly headerLength: number; readonly dataLength: number };

export class ReplyParser {
  private readonly queue = new ByteQueue();
  /** Bytes of the current reply already searched for '\n', so a long line is scanned once. */
  private scanned = 0;
  private failure: ReplyFormatError | undefined;

  constructor(private readonly maxReplyBytes = DEFAULT_MAX_REPLY_BYTES) {}

  /** Bytes received and not yet returned as a reply. */
  get bufferedBytes(): number {
    return this.queue.length;
  }

  push(chunk: Uint8Array): void {
    this.queue.push(chunk);
  }

  /** The next complete reply, or undefined until more bytes arrive. */
  next(): Reply | undefined {
    return this.guard(() => this.parse(false));
  }

  /**
   * VISA signalled END (EOI on GPIB, EOM on USBTMC, HiSLIP, VXI-11): the message is complete, so
   * a line without '\n' ends here, and a block short of its counted length is an error.
   */
  endOfMessage(): Reply | undefined {
    return this.guard(() => this.parse(true));
  }

  /** What is buffered, for a timeout message: a wrong block length shows up here. */
  describePending(): string {
    const size = this.queue.length;
    if (this.failure) return this.failure.message;
    if (size === 0) return 'nothing';
    let frame: Frame | undefined;
    try {
      frame = this.frame();
    } catch (error) {
      return (error as Error).message;
    }
    if (frame === undefined) return `${size} bytes of a block header`;
    if (frame.kind === 'line') return `${size} bytes of a text line without its line end`;
    if (frame.kind === 'indefinite') return `${size} bytes of an indefinite block (#0) without its line end`;
    const received = size - frame.headerLength;
    return received < frame.dataLength
      ? `${received} of the ${frame.dataLength} data bytes the block header announced (is its length wrong?)`
      : `a complete ${frame.dataLength}-byte block but not the line end that must follow it`;
  }

  private guard(parse: () => Reply | undefined): Reply | undefined {
    if (this.failure) throw this.failure;
    try {
      return parse();
    } catch (error) {
      // Once framing is lost, every later byte is suspect: the link is discarded with the parser.
      if (error instanceof ReplyFormatError) this.failure = error;
      throw error;
    }
  }

  private parse(atEnd: boolean): Reply | undefined {
    if (this.queue.length === 0) return undefined;
    const frame = this.frame();
    if (frame === undefined) {
      if (atEnd) throw new ReplyFormatError('The message ended inside a block header.');
      return undefined;
    }
    if (frame.kind === 'line') {
      const content = this.takeLine(0, atEnd);
      return content && { kind: 'line', text: textOf(content) };
    }
    if (frame.kind === 'indefinite') {
      const content = this.takeLine(2, atEnd);
      return content && { kind: 'block', data: content.subarray(2) };
    }
    return this.takeCounted(frame.headerLength, frame.dataLength, atEnd);
  }

  /** How the buffered reply is framed; undefined while its block header is incomplete. */
  private frame(): Frame | undefined {
    if (this.queue.byteAt(0) !== HASH) return { kind: 'line' };
    const second = this.queue.byteAt(1);
    if (second === -1) return undefined;
    if (second === ZERO) return { kind: 'indefinite' };
    if (second > ZERO && second <= NINE) return this.definiteHeader(second - ZERO);
    if (second === OPEN) return this.rsHeader();
    // '#H1F', '#B101', '#Q17': SCPI non-decimal numbers, an ordinary text reply.
    return { kind: 'line' };
  }

  private definiteHeader(digitCount: number): Frame | undefined {
    const digits = this.digitsAt(2, digitCount);
    if (digits === undefined) return undefined;
    return this.counted(2 + digitCount, digits);
  }

  private rsHeader(): Frame | undefined {
    const close = this.queue.indexOf(CLOSE, 2);
    const searched = close < 0 ? this.queue.length - 2 : close - 2;
    if (searched > MAX_RS_DIGITS)
      throw new ReplyFormatError('An R&S block header #(…) has no closing parenthesis.');
    const digits = this.digitsAt(2, searched);
    if (close < 0 || digits === undefined) return undefined;
    if (searched === 0) throw new ReplyFormatError('An R&S block header #() has no length.');
    return this.counted(close + 1, digits);
  }

  /** The decimal digits at [start, start + count), undefined while they have not all arrived. */
  private digitsAt(start: number, count: number): string | undefined {
    let digits = '';
    for (let i = start; i < start + count; i++) {
      const byte = this.queue.byteAt(i);
      if (byte === -1) return undefined;
      if (byte < ZERO || byte > NINE) {
        throw new ReplyFormatError(`A block header has ${quoteByte(byte)} where its length needs a digit.`);
      }
      digits += String.fromCharCode(byte);
    }
    return digits;
  }

  private counted(headerLength: number, digits: string): Frame {
    const dataLength = Number(digits);
    if (dataLength > this.maxReplyBytes) {
      throw new ReplyFormatError(
        `A block header announces ${dataLength} bytes, more than the ${this.maxReplyBytes} accepted.`,
      );
    }
    return { kind: 'counted', headerLength, dataLength };
  }

  private takeCounted(headerLength: number, dataLength: number, atEnd: boolean): Reply | undefined {
    const end = headerLength + dataLength;
    const size = this.queue.length;
    if (size <= end) {
      if (!atEnd) return undefined;
      if (size < end) {
        throw new ReplyFormatError(
          `The message ended after ${size - headerLength} of the ${dataLength} data bytes its block header announced.`,
        );
      }
      return this.block(headerLength, end, end);
    }
    // Only '\n' may follow the data, never '\r\n': accepting a '\r' would let a length one short
    // of data that ends in '\r' pass as a clean reply with the last byte missing.
    const after = this.queue.byteAt(end);
    if (after === LF) return this.block(headerLength, end, end + 1);
    throw new ReplyFormatError(
      `A ${dataLength}-byte block is followed by ${quoteByte(after)} instead of its line end: ` +
        'the length in its header does not match the data.',
    );
  }

  private block(headerLength: number, end: number, consumed: number): Reply {
    const bytes = this.queue.take(consumed);
    this.scanned = 0;
    return { kind: 'block', data: bytes.subarray(headerLength, end) };
  }

  /** Takes bytes up to and including '\n' (searching from `start`), without the '\n'. */
  private takeLine(start: number, atEnd: boolean): Buffer | undefined {
    const lf = this.queue.indexOf(LF, Math.max(start, this.scanned));
    if (lf < 0) {
      this.scanned = this.queue.length;
      if (this.queue.length > this.maxReplyBytes) {
        throw new ReplyFormatError(`A reply of more than ${this.maxReplyBytes} bytes has no line end.`);
      }
      if (!atEnd) return undefined;
      this.scanned = 0;
      return this.queue.take(this.queue.length);
    }
    this.scanned = 0;
    return this.queue.take(lf + 1).subarray(0, lf);
  }
}

/** A text reply without its line end; instruments that send "\r\n" lose the '\r' too. */
function textOf(content: Buffer): string {
  const end = content.length > 0 && content[content.length - 1] === CR ? content.length - 1 : content.length;
  return content.toString('utf8', 0, end);
}

function quoteByte(byte: number): string {
  const hex = `0x${byte.toString(16).padStart(2, '0')}`;
  return byte >= 0x20 && byte < 0x7f ? `'${String.fromCharCode(byte)}' (${hex})` : `byte ${hex}`;
}
