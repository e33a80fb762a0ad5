import { Client } from 'pg';
import { testTargets } from '../../test/targets';
import {
  float8Column,
  int4Column,
  int8Column,
  nullableFloat8Column,
  timestampMsColumn,
} from './binary-columns';

for (const target of testTargets()) {
  describe(`numbers sent as binary columns [${target.name}]`, () => {
    let client: Client;

    beforeEach(async () => {
      client = new Client({ connectionString: target.url });
      await client.connect();
    });
    afterEach(() => client.end().catch(() => undefined));

    /** One column of `values` (SQL literals of `type`) aggregated with `send`, in order. */
    async function sent(send: string, type: string, values: string[]): Promise<Buffer> {
      const { rows } = await client.query<{ bytes: Buffer }>(
        `SELECT string_agg(${send}(x), '' ORDER BY i) AS bytes
           FROM unnest(ARRAY[${values.join(', ')}]::${type}[]) WITH ORDINALITY AS t(x, i)`,
      );
      return rows[0]!.bytes;
    }

    it('reads ids and versions, negative and beyond 32 bits, as PostgreSQL wrote them', async () => {
      const ids = ['1', '-1', '4294967296', '9007199254740991', '-9007199254740991', '123456789012'];
      expect(int8Column(await sent('int8send', 'int8', ids))).toEqual(ids.map(Number));
      expect(int4Column(await sent('int4send', 'int4', ['0', '-2147483648', '2147483647', '7']))).toEqual([
        0, -2147483648, 2147483647, 7,
      ]);
    });

    it('reads values exactly, and NaN sent for NULL limits as null', async () => {
      const values = ['0.1', '-1e-300', '10000000.3', '1.7976931348623157e308', '-2.5e-5'];
      expect(float8Column(await sent('float8send', 'float8', values))).toEqual(values.map(Number));
      const limits = await client.query<{ bytes: Buffer }>(
        `SELECT string_agg(float8send(coalesce(x, 'NaN')), '' ORDER BY i) AS bytes
           FROM unnest(ARRAY[1.5, NULL, -3]::float8[]) WITH ORDINALITY AS t(x, i)`,
      );
      expect(nullableFloat8Column(limits.rows[0]!.bytes)).toEqual([1.5, null, -3]);
    });

    it('reads start times as epoch milliseconds rounded down, as floor(extract(epoch …) * 1000) gives them', async () => {
      const times = [
        `'2026-11-26 20:53:16.123999+00'`,
        `'1999-12-31 23:59:59.9995+00'`,
        `'1970-01-01 00:00:00+00'`,
        `'2000-01-01 00:00:00.000001+00'`,
      ];
      const { rows } = await client.query<{ ms: string }>(
        `SELECT floor(extract(epoch FROM x) * 1000)::text AS ms
           FROM unnest(ARRAY[${times.join(', ')}]::timestamptz[]) WITH ORDINALITY AS t(x, i) ORDER BY i`,
      );
      expect(timestampMsColumn(await sent('timestamptz_send', 'timestamptz', times))).toEqual(
        rows.map((r) => Number(r.ms)),
      );
    });

    it('reads a column that starts at any byte of its buffer, and leaves the bytes as they came', async () => {
      const bytes = await sent('float8send', 'float8', ['0.1', '-7', '1e300']);
      for (const at of [1, 3, 5]) {
        const shifted = Buffer.concat([Buffer.alloc(at), bytes]).subarray(at);
        expect(float8Column(shifted)).toEqual([0.1, -7, 1e300]);
        expect(shifted.equals(bytes)).toBe(true);
      }
    });

    it('refuses a column whose length is not a whole number of values', () => {
      expect(() => float8Column(Buffer.alloc(12))).toThrow('A column of 8-byte values has 12 bytes');
    });
  });
}
