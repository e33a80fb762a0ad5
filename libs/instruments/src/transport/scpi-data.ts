import { ReplyFormatError } from './reply-parser';

/**
 * Trace data as `FORM:DATA` sets it (INSTRUMENTS.md section 1): REAL,64 and REAL,32 arrive as an
 * IEEE 488.2 block of IEEE 754 values in the byte order of `FORM:BORD` (NORM = big-endian, the
 * *RST default; SWAP = little-endian, which scikit-rf uses), ASCII as comma-separated numbers.
 */
export type DataFormat = 'REAL,64' | 'REAL,32' | 'ASCII';
export type RealFormat = Exclude<DataFormat, 'ASCII'>;
export type ByteOrder = 'NORM' | 'SWAP';

function bytesPerValue(format: RealFormat): 4 | 8 {
  return format === 'REAL,64' ? 8 : 4;
}

/** Decodes a REAL block; a byte count that is not a whole number of values is refused. */
export function decodeReals(data: Uint8Array, format: RealFormat, byteOrder: ByteOrder): Float64Array {
  const size = bytesPerValue(format);
  if (data.length % size !== 0) {
    throw new ReplyFormatError(
      `${format} data of ${data.length} bytes is not a whole number of ${size}-byte values.`,
    );
  }
  const view = new DataView(data.buffer, data.byteOffset, data.length);
  const littleEndian = byteOrder === 'SWAP';
  const values = new Float64Array(data.length / size);
  for (let i = 0; i < values.length; i++) {
    values[i] = size === 8 ? view.getFloat64(i * 8, littleEndian) : view.getFloat32(i * 4, littleEndian);
  }
  return values;
}

/** The inverse of decodeReals, for the fake instrument and the simulators. */
export function encodeReals(values: ArrayLike<number>, format: RealFormat, byteOrder: ByteOrder): Buffer {
  const size = bytesPerValue(format);
  const bytes = Buffer.alloc(values.length * size);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const littleEndian = byteOrder === 'SWAP';
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as number;
    if (size === 8) view.setFloat64(i * 8, value, littleEndian);
    else view.setFloat32(i * 4, value, littleEndian);
  }
  return bytes;
}

/** SCPI decimal numbers (NR1, NR2, NR3), plus the NAN and INF some firmware prints. */
const SCPI_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const SPECIAL: Readonly<Record<string, number>> = {
  NAN: Number.NaN,
  INF: Number.POSITIVE_INFINITY,
  '+INF': Number.POSITIVE_INFINITY,
  '-INF': Number.NEGATIVE_INFINITY,
};

/** Parses `FORM:DATA ASCII` data; anything that is not a number is refused, never read as 0. */
export function parseAsciiNumbers(text: string): Float64Array {
  if (text.trim() === '') return new Float64Array(0);
  const items = text.split(',');
  const values = new Float64Array(items.length);
  items.forEach((item, i) => {
    const token = item.trim();
    const special = SPECIAL[token.toUpperCase()];
    if (special === undefined && !SCPI_NUMBER.test(token)) {
      throw new ReplyFormatError(
        `ASCII data has ${JSON.stringify(token.slice(0, 40))} as value ${i + 1}, not a number.`,
      );
    }
    values[i] = special ?? Number(token);
  });
  return values;
}

/** The inverse of parseAsciiNumbers; String() round-trips every double exactly. */
export function formatAsciiNumbers(values: ArrayLike<number>): string {
  return Array.from(values, (v) =>
    Number.isNaN(v) ? 'NAN' : Number.isFinite(v) ? String(v) : v > 0 ? 'INF' : '-INF',
  ).join(',');
}
