/**
 * Columns of numbers that PostgreSQL sends as one bytea each: `string_agg` of the values' binary
 * send forms (int8send, int4send, float8send, timestamptz_send), all big-endian. A read of tens of
 * thousands of rows (the control chart's 60,000 points) spends most of its time turning numbers
 * into JSON text in PostgreSQL and back in Node; the binary forms skip both (docs/performance.md,
 * "Measurement analytics").
 */
import { endianness } from 'node:os';

/** PostgreSQL's timestamps count microseconds from 2000-01-01 UTC; this is that instant in epoch ms. */
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);

/** This machine's order of a word's bytes: PostgreSQL sends big-endian, typed arrays read the machine's. */
const LITTLE_ENDIAN = endianness() === 'LE';

/**
 * The column's bytes copied to a fresh (so aligned) buffer, each `width`-byte word in the
 * machine's order, for a typed array to read: a read per value through Buffer's readers was
 * most of the parse of the control chart's 60,000 points.
 */
function words(bytes: Buffer, width: 4 | 8): ArrayBuffer {
  if (bytes.length % width !== 0)
    throw new Error(`A column of ${width}-byte values has ${bytes.length} bytes`);
  const copy = new Uint8Array(bytes);
  const view = Buffer.from(copy.buffer, 0, copy.length);
  if (LITTLE_ENDIAN) void (width === 8 ? view.swap64() : view.swap32());
  return copy.buffer;
}

/**
 * 64-bit integers (below 2^53, as ids and microseconds are), each as high * 2^32 + low, divided by
 * `per` and rounded down, plus `origin`: the times are made in the same pass, not from a second
 * list of 60,000 microseconds.
 */
function int64s(bytes: Buffer, per = 1, origin = 0): number[] {
  const buffer = words(bytes, 8);
  const low = new Uint32Array(buffer);
  const high = new Int32Array(buffer);
  const [lo, hi] = LITTLE_ENDIAN ? [0, 1] : [1, 0];
  const out = new Array<number>(low.length / 2);
  for (let i = 0; i < out.length; i++)
    out[i] = origin + Math.floor((high[2 * i + hi]! * 2 ** 32 + low[2 * i + lo]!) / per);
  return out;
}

/** A typed array's numbers as a plain array, `f` applied (a loop: Array.from's iteration is several times slower). */
function listOf<T>(xs: ArrayLike<number>, f: (x: number) => T): T[] {
  const out = new Array<T>(xs.length);
  for (let i = 0; i < xs.length; i++) out[i] = f(xs[i]!);
  return out;
}

/** int8send values (below 2^53, as ids are). */
export const int8Column = (bytes: Buffer): number[] => int64s(bytes);

/** int4send values. */
export const int4Column = (bytes: Buffer): number[] => listOf(new Int32Array(words(bytes, 4)), (x) => x);

/** float8send values. */
export const float8Column = (bytes: Buffer): number[] => listOf(new Float64Array(words(bytes, 8)), (x) => x);

/** float8send values of a nullable column sent with NaN for NULL (`float8send(coalesce(x, 'NaN'))`): one that never holds NaN. */
export const nullableFloat8Column = (bytes: Buffer): (number | null)[] =>
  listOf(new Float64Array(words(bytes, 8)), (x) => (Number.isNaN(x) ? null : x));

/** timestamptz_send values as epoch milliseconds, rounded down (as floor(extract(epoch …) * 1000)). */
export const timestampMsColumn = (bytes: Buffer): number[] => int64s(bytes, 1000, POSTGRES_EPOCH_MS);

/** How a field of a binary COPY row (database/copy-out.ts) is read: its type's binary send form. */
const FIELD_READERS = {
  bytes: (b: Buffer): Buffer => b,
  int4: (b: Buffer): number => b.readInt32BE(0),
  float8: (b: Buffer): number => b.readDoubleBE(0),
  text: (b: Buffer): string => b.toString('utf8'),
} as const;

export type BinaryFieldType = keyof typeof FIELD_READERS;

/** A binary COPY row read as a record: field i named and typed by `fields[i]`, NULL as undefined. */
export function binaryRecord<T>(
  row: readonly (Buffer | undefined)[],
  fields: readonly (readonly [keyof T, BinaryFieldType])[],
): T {
  if (row.length !== fields.length) throw new Error(`A row of ${fields.length} fields has ${row.length}`);
  const record: Partial<Record<keyof T, unknown>> = {};
  fields.forEach(([name, type], i) => {
    const bytes = row[i];
    record[name] = bytes === undefined ? undefined : FIELD_READERS[type](bytes);
  });
  return record as T;
}
