import fc from 'fast-check';
import type { BlockForm } from './ieee-block';
import { encodeBlock } from './ieee-block';
import type { Reply } from './reply-parser';
import { ReplyFormatError, ReplyParser } from './reply-parser';
import type { StreamOutcome } from './testing/parse-stream';
import { chunkAt, parseStream } from './testing/parse-stream';

/** A reply and its bytes on the wire. */
interface Wire {
  readonly reply: Reply;
  readonly bytes: Buffer;
}

const textLine: fc.Arbitrary<Wire> = fc
  .string({ unit: fc.constantFrom('1', ',', '+', '-', 'E', '.', 'a', '"', ' ', '#'), maxLength: 30 })
  .filter((text) => !/^#[0-9(]/.test(text))
  .map((text) => ({ reply: { kind: 'line', text }, bytes: Buffer.from(`${text}\n`, 'latin1') }));

/** Block data biased towards the bytes that matter to framing: '\n', '\r', '#', digits. */
const blockData = fc
  .array(fc.oneof(fc.constantFrom(0x0a, 0x0d, 0x23, 0x30, 0x39), fc.integer({ min: 0, max: 255 })), {
    maxLength: 64,
  })
  .map((values) => Buffer.from(values));

const binaryBlock: fc.Arbitrary<Wire> = fc
  .record({
    data: blockData,
    form: fc.constantFrom<BlockForm>('definite', 'rs', 'indefinite'),
    pad: fc.nat({ max: 9 }),
  })
  .map(({ data, form, pad }) => {
    const usable = form === 'indefinite' ? Buffer.from(data.filter((b) => b !== 0x0a)) : data;
    return { reply: { kind: 'block', data: usable }, bytes: encodeBlock(usable, form, pad) };
  });

const cuts = fc.array(fc.nat({ max: 2000 }), { maxLength: 30 });

/** What a transport may hand to its caller: exactly one reply and nothing after it. */
function isCleanSingleReply(outcome: StreamOutcome): boolean {
  return outcome.error === undefined && outcome.replies.length === 1 && outcome.pendingBytes === 0;
}

describe('ReplyParser (fuzzed)', () => {
  it('returns exactly the replies sent, whatever the chunking and merging', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(textLine, binaryBlock), { minLength: 1, maxLength: 8 }),
        cuts,
        (wires, at) => {
          const stream = Buffer.concat(wires.map((w) => w.bytes));
          const outcome = parseStream(chunkAt(stream, at));
          expect(outcome.error).toBeUndefined();
          expect(outcome.pendingBytes).toBe(0);
          expect(outcome.replies).toEqual(wires.map((w) => w.reply));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never yields a clean reply when the length digits of a definite block are corrupted', () => {
    fc.assert(
      fc.property(blockData, fc.nat({ max: 200 }), cuts, (data, wrongLength, at) => {
        fc.pre(wrongLength !== data.length);
        const digits = String(wrongLength);
        const stream = Buffer.concat([Buffer.from(`#${digits.length}${digits}`), data, Buffer.from('\n')]);
        const outcome = parseStream(chunkAt(stream, at));
        expect(isCleanSingleReply(outcome)).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('never yields a clean reply when block data is truncated or a byte is dropped', () => {
    fc.assert(
      fc.property(
        blockData.filter((d) => d.length > 0),
        fc.constantFrom<BlockForm>('definite', 'rs'),
        fc.nat(),
        fc.boolean(),
        cuts,
        (data, form, position, dropOne, at) => {
          const wire = encodeBlock(data, form);
          const dataStart = wire.length - 1 - data.length;
          const cut = dataStart + (position % data.length);
          const damaged = dropOne
            ? Buffer.concat([wire.subarray(0, cut), wire.subarray(cut + 1)])
            : wire.subarray(0, cut);
          expect(isCleanSingleReply(parseStream(chunkAt(damaged, at)))).toBe(false);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('only ever answers arbitrary bytes with replies, a wait, or a ReplyFormatError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), cuts, (garbage, at) => {
        const parser = new ReplyParser(100);
        const outcome = parseStream(chunkAt(garbage, at), parser);
        expect(outcome.error === undefined || outcome.error instanceof ReplyFormatError).toBe(true);
        expect(typeof parser.describePending()).toBe('string');
        const consumed = outcome.replies.length;
        expect(consumed).toBeLessThanOrEqual(garbage.length);
      }),
      { numRuns: 1000 },
    );
  });
});
