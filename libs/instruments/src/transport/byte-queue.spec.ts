import fc from 'fast-check';
import { ByteQueue } from './byte-queue';

function queueOf(parts: number[][]): ByteQueue {
  const queue = new ByteQueue();
  for (const part of parts) queue.push(Uint8Array.from(part));
  return queue;
}

describe('ByteQueue', () => {
  it('behaves like one concatenated buffer for byteAt, indexOf and take, however it was chunked', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 6 }), { maxLength: 6 }),
        fc.nat({ max: 40 }),
        fc.integer({ min: 0, max: 3 }),
        fc.nat({ max: 40 }),
        (parts, skip, byte, from) => {
          const whole = Buffer.from(parts.flat());
          const queue = queueOf(parts);
          const dropped = Math.min(skip, whole.length);
          queue.take(dropped);
          const rest = whole.subarray(dropped);
          expect(queue.length).toBe(rest.length);
          for (let i = -1; i <= rest.length; i++) expect(queue.byteAt(i)).toBe(rest[i] ?? -1);
          expect(queue.indexOf(byte, from)).toBe(rest.indexOf(byte, from));
          expect(queue.take(rest.length).equals(rest)).toBe(true);
          expect(queue.length).toBe(0);
        },
      ),
    );
  });

  it('refuses to take more than it holds', () => {
    expect(() => queueOf([[1, 2]]).take(3)).toThrow(RangeError);
  });
});
