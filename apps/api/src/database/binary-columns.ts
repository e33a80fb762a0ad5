/**
 * Columns of numbers that PostgreSQL sends as one bytea each: `string_agg` of the values' binary
 * send forms (int8send, int4send, float8send, timestamptz_send), all big-endian. A read of tens of
 * thousands of rows (the control chart's 60,000 points) spends most of its time turning numbers
 * into JSON text in PostgreSQL and back in Node; the binary forms skip both (docs/performance.md,
 * "Measurement analytics").
 */

/** PostgreSQL's timestamps count microseconds from 2000-01-01 UTC; this is that instant in epoch ms. */
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);

function column<T>(bytes: Buffer, width: number, read: (offset: number) => T): T[] {
  if (bytes.length % width !== 0)
    throw new Error(`A column of ${width}-byte values has ${bytes.length} bytes`);
  const out = new Array<T>(bytes.length / width);
  for (let i = 0; i < out.length; i++) out[i] = read(i * width);
  return out;
}

/** int8send values (below 2^53, as ids are). */
export const int8Column = (bytes: Buffer): number[] =>
  column(bytes, 8, (at) => bytes.readInt32BE(at) * 2 ** 32 + bytes.readUInt32BE(at + 4));

/** int4send values. */
export const int4Column = (bytes: Buffer): number[] => column(bytes, 4, (at) => bytes.readInt32BE(at));

/** float8send values. */
export const float8Column = (bytes: Buffer): number[] => column(bytes, 8, (at) => bytes.readDoubleBE(at));

/** float8send values of a nullable column sent with NaN for NULL (`float8send(coalesce(x, 'NaN'))`): one that never holds NaN. */
export const nullableFloat8Column = (bytes: Buffer): (number | null)[] =>
  float8Column(bytes).map((x) => (Number.isNaN(x) ? null : x));

/** timestamptz_send values as epoch milliseconds, rounded down (as floor(extract(epoch …) * 1000)). */
export const timestampMsColumn = (bytes: Buffer): number[] =>
  column(bytes, 8, (at) => {
    const micros = bytes.readInt32BE(at) * 2 ** 32 + bytes.readUInt32BE(at + 4);
    return POSTGRES_EPOCH_MS + Math.floor(micros / 1000);
  });
