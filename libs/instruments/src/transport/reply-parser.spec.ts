import { encodeBlock } from './ieee-block';
import { ReplyFormatError, ReplyParser } from './reply-parser';
import { chunkAt, parseStream } from './testing/parse-stream';

const bytes = (text: string) => Buffer.from(text, 'latin1');
const line = (text: string) => ({ kind: 'line', text });
const block = (data: string | Buffer) => ({
  kind: 'block',
  data: typeof data === 'string' ? bytes(data) : data,
});

describe('ReplyParser', () => {
  it('returns a text line without its line end, and drops the \\r of a \\r\\n ending', () => {
    expect(parseStream([bytes('Keysight,E5071C,MY1,B.13\nok\r\n\n')]).replies).toEqual([
      line('Keysight,E5071C,MY1,B.13'),
      line('ok'),
      line(''),
    ]);
  });

  it('decodes a text line as UTF-8', () => {
    expect(parseStream([Buffer.from('-221,"Ω too high"\n', 'utf8')]).replies).toEqual([
      line('-221,"Ω too high"'),
    ]);
  });

  it('reads a definite block by byte count, so line ends inside the data do not end it', () => {
    const data = Buffer.from([1, 0x0a, 2, 0x0d, 0x0a, 3]);
    expect(parseStream([encodeBlock(data)]).replies).toEqual([block(data)]);
  });

  it('accepts zero-padded lengths and an empty block', () => {
    expect(parseStream([bytes('#800000005hello\n#10\n')]).replies).toEqual([block('hello'), block('')]);
  });

  it('refuses \\r\\n after a block, which would hide a length one byte short', () => {
    expect(parseStream([bytes('#13abc\r\n')]).error?.message).toMatch(
      /followed by byte 0x0d instead of its line end/,
    );
  });

  it('reads the indefinite form #0 up to the line end', () => {
    expect(parseStream([bytes('#0abc\n')]).replies).toEqual([block('abc')]);
  });

  it('reads the R&S form #(<len>)', () => {
    expect(parseStream([bytes('#(5)a\nb\nc\n')]).replies).toEqual([block('a\nb\nc')]);
  });

  it('treats SCPI non-decimal numbers (#H, #B, #Q) as text', () => {
    expect(parseStream([bytes('#H1F\n#B101\n')]).replies).toEqual([line('#H1F'), line('#B101')]);
  });

  it('returns several replies merged into one chunk, in order', () => {
    const stream = Buffer.concat([bytes('1\n'), encodeBlock(bytes('x\ny')), bytes('+0,"No error"\n')]);
    expect(parseStream([stream]).replies).toEqual([line('1'), block('x\ny'), line('+0,"No error"')]);
  });

  it('gives the same replies when the stream is split at any byte position', () => {
    const stream = Buffer.concat([
      bytes('1\r\n'),
      encodeBlock(bytes('x\ny'), 'rs'),
      bytes('#0ab\n'),
      bytes('z\n'),
    ]);
    const expected = parseStream([stream]).replies;
    expect(expected).toHaveLength(4);
    for (let cut = 1; cut < stream.length; cut++) {
      expect(parseStream(chunkAt(stream, [cut])).replies).toEqual(expected);
    }
    expect(parseStream(chunkAt(stream, [...stream.keys()])).replies).toEqual(expected);
  });

  it('waits, without a reply, while a block is short of its counted bytes', () => {
    const outcome = parseStream([bytes('#3100abc')]);
    expect(outcome).toEqual({ replies: [], error: undefined, pendingBytes: 8 });
  });

  it('refuses a block whose counted bytes are not followed by the line end (length too short)', () => {
    const { error } = parseStream([bytes('#14abcdef\n')]);
    expect(error?.message).toBe(
      "A 4-byte block is followed by 'e' (0x65) instead of its line end: the length in its header does not match the data.",
    );
  });

  it('refuses a non-digit in the length of a definite or R&S block', () => {
    expect(parseStream([bytes('#2x5')]).error?.message).toBe(
      "A block header has 'x' (0x78) where its length needs a digit.",
    );
    expect(parseStream([bytes('#(1a)')]).error).toBeInstanceOf(ReplyFormatError);
    expect(parseStream([bytes('#()')]).error?.message).toBe('An R&S block header #() has no length.');
    expect(parseStream([bytes('#(1234567890123456')]).error?.message).toBe(
      'An R&S block header #(…) has no closing parenthesis.',
    );
  });

  it('refuses a block larger than the limit before waiting for its data', () => {
    expect(parseStream([bytes('#9999999999')], new ReplyParser(1000)).error?.message).toBe(
      'A block header announces 999999999 bytes, more than the 1000 accepted.',
    );
  });

  it('refuses a text reply longer than the limit without a line end', () => {
    expect(parseStream([bytes('x'.repeat(11))], new ReplyParser(10)).error?.message).toBe(
      'A reply of more than 10 bytes has no line end.',
    );
  });

  it('stays failed after a format error, since later bytes cannot be trusted', () => {
    const parser = new ReplyParser();
    parser.push(bytes('#1Zfoo\n'));
    expect(() => parser.next()).toThrow(ReplyFormatError);
    parser.push(bytes('ok\n'));
    expect(() => parser.next()).toThrow("A block header has 'Z' (0x5a) where its length needs a digit.");
  });

  describe('endOfMessage (VISA END)', () => {
    const atEnd = (text: string) => {
      const parser = new ReplyParser();
      parser.push(bytes(text));
      return parser.endOfMessage();
    };

    it('ends a line or a counted block that has no line end', () => {
      expect(atEnd('1')).toEqual(line('1'));
      expect(atEnd('#13abc')).toEqual(block('abc'));
      expect(atEnd('#0ab')).toEqual(block('ab'));
      expect(atEnd('')).toBeUndefined();
    });

    it('refuses a block cut short or a header cut off', () => {
      expect(() => atEnd('#15abc')).toThrow(
        'The message ended after 3 of the 5 data bytes its block header announced.',
      );
      expect(() => atEnd('#')).toThrow('The message ended inside a block header.');
    });
  });

  describe('describePending', () => {
    const pending = (text: string) => {
      const parser = new ReplyParser();
      parser.push(bytes(text));
      try {
        parser.next();
      } catch {
        // the description must still explain what went wrong
      }
      return parser.describePending();
    };

    it('says how much of what arrived, for timeout messages', () => {
      expect(pending('')).toBe('nothing');
      expect(pending('#')).toBe('1 bytes of a block header');
      expect(pending('+1.0')).toBe('4 bytes of a text line without its line end');
      expect(pending('#0ab')).toBe('4 bytes of an indefinite block (#0) without its line end');
      expect(pending('#3100abc')).toBe(
        '3 of the 100 data bytes the block header announced (is its length wrong?)',
      );
      expect(pending('#13abc')).toBe('a complete 3-byte block but not the line end that must follow it');
      expect(pending('#1x')).toBe("A block header has 'x' (0x78) where its length needs a digit.");
    });
  });
});
