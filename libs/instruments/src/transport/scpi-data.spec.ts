import fc from 'fast-check';
import { ReplyFormatError } from './reply-parser';
import type { ByteOrder, RealFormat } from './scpi-data';
import { decodeReals, encodeReals, formatAsciiNumbers, parseAsciiNumbers } from './scpi-data';

const orders: ByteOrder[] = ['NORM', 'SWAP'];

describe('decodeReals', () => {
  it('reads REAL,64 big-endian for NORM and little-endian for SWAP', () => {
    const big = Buffer.from('3ff0000000000000c000000000000000', 'hex');
    const little = Buffer.from('000000000000f03f00000000000000c0', 'hex');
    expect(Array.from(decodeReals(big, 'REAL,64', 'NORM'))).toEqual([1, -2]);
    expect(Array.from(decodeReals(little, 'REAL,64', 'SWAP'))).toEqual([1, -2]);
  });

  it('reads REAL,32 in either byte order', () => {
    expect(Array.from(decodeReals(Buffer.from('3fc00000', 'hex'), 'REAL,32', 'NORM'))).toEqual([1.5]);
    expect(Array.from(decodeReals(Buffer.from('0000c03f', 'hex'), 'REAL,32', 'SWAP'))).toEqual([1.5]);
  });

  it('reads values at any alignment inside a larger buffer', () => {
    const wire = Buffer.concat([Buffer.from('#216'), encodeReals([3.25, -7], 'REAL,64', 'SWAP')]);
    expect(Array.from(decodeReals(wire.subarray(4), 'REAL,64', 'SWAP'))).toEqual([3.25, -7]);
  });

  it('refuses a byte count that is not a whole number of values', () => {
    expect(() => decodeReals(Buffer.alloc(12), 'REAL,64', 'NORM')).toThrow(
      new ReplyFormatError('REAL,64 data of 12 bytes is not a whole number of 8-byte values.'),
    );
    expect(() => decodeReals(Buffer.alloc(6), 'REAL,32', 'SWAP')).toThrow(ReplyFormatError);
  });

  it('round-trips any doubles through REAL,64 and any singles through REAL,32, both byte orders', () => {
    fc.assert(
      fc.property(fc.array(fc.double()), fc.constantFrom(...orders), (values, order) => {
        const back = decodeReals(encodeReals(values, 'REAL,64', order), 'REAL,64', order);
        expect(Array.from(back)).toEqual(values);
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.float()), fc.constantFrom(...orders), (values, order) => {
        const back = decodeReals(encodeReals(values, 'REAL,32', order), 'REAL,32', order);
        expect(Array.from(back)).toEqual(values);
      }),
    );
  });

  it('gives different numbers when the byte order is wrong, so the order is not guessed', () => {
    const format: RealFormat = 'REAL,64';
    expect(decodeReals(encodeReals([1], format, 'NORM'), format, 'SWAP')[0]).not.toBe(1);
  });
});

describe('parseAsciiNumbers', () => {
  it('reads NR1, NR2 and NR3 numbers with spaces around them', () => {
    expect(Array.from(parseAsciiNumbers('+1, -2.5,3E-3 ,.5,-1.000000000E+009'))).toEqual([
      1, -2.5, 0.003, 0.5, -1e9,
    ]);
  });

  it('reads NAN and INF and an empty reply as no values', () => {
    expect(Array.from(parseAsciiNumbers('nan,INF,-INF'))).toEqual([Number.NaN, Infinity, -Infinity]);
    expect(parseAsciiNumbers('')).toHaveLength(0);
  });

  it('refuses anything that is not a number instead of reading it as 0', () => {
    expect(() => parseAsciiNumbers('1,,2')).toThrow(
      new ReplyFormatError('ASCII data has "" as value 2, not a number.'),
    );
    expect(() => parseAsciiNumbers('1,0x10')).toThrow(ReplyFormatError);
    expect(() => parseAsciiNumbers('#15hello')).toThrow(ReplyFormatError);
  });

  it('round-trips any doubles through formatAsciiNumbers', () => {
    fc.assert(
      fc.property(fc.array(fc.double(), { minLength: 1 }), (values) => {
        expect(Array.from(parseAsciiNumbers(formatAsciiNumbers(values)))).toEqual(
          values.map((v) => (v === 0 ? 0 : v)),
        );
      }),
    );
  });
});
