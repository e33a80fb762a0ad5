import { Client } from 'pg';
import { testTargets } from '../../test/targets';
import type { CopyParam, CopyRow } from './copy-out';
import { CopyOut } from './copy-out';

/** Text that COPY's text format would rewrite, and characters outside ASCII. */
const TRICKY = [
  'back\\slash \\\\ and \\n written out',
  'quotes " \' and "\\"" escaped',
  'line\nbreak, carriage\rreturn, tab\tand form\ffeed',
  'control \u0001\u001f characters',
  'Küche 日本語 🛰️ ½ dB',
  '',
];

/** Every row of a COPY, each field copied out (the handed views are reused by the driver). */
async function copyAll(
  client: Client,
  select: string,
  params: CopyParam[] = [],
): Promise<{ rows: CopyRow[]; count: number }> {
  const rows: CopyRow[] = [];
  const copy = client.query(
    new CopyOut(select, params, (fields) => rows.push(fields.map((f) => f && Buffer.from(f)))),
  );
  return { rows, count: await copy.done };
}

for (const target of testTargets()) {
  describe(`COPY … TO STDOUT (FORMAT binary) [${target.name}]`, () => {
    let client: Client;

    beforeEach(async () => {
      client = new Client({ connectionString: target.url });
      await client.connect();
    });
    afterEach(() => client.end().catch(() => undefined));

    it('hands over the JSON bytes PostgreSQL makes, escapes and all, exactly as a query reads them', async () => {
      const select = `SELECT json_build_object('i', i, 's', s)::text FROM unnest(ARRAY[${TRICKY.map((s) =>
        client.escapeLiteral(s),
      ).join(',')}]::text[]) WITH ORDINALITY AS t(s, i) ORDER BY i`;
      const { rows, count } = await copyAll(client, select);
      const queried = (await client.query<string[]>({ text: select, rowMode: 'array' })).rows;
      expect(count).toBe(TRICKY.length);
      expect(rows.map(([json]) => json!.toString('utf8'))).toEqual(queried.map(([json]) => json));
      expect(rows.map(([json]) => (JSON.parse(json!.toString('utf8')) as { s: string }).s)).toEqual(TRICKY);
    });

    it('gives every column, NULL as undefined, and the integers it was given', async () => {
      const { rows } = await copyAll(client, `SELECT $1::text, NULL::text, 'x' WHERE $2 = 7`, [42, 7]);
      expect(rows).toEqual([[Buffer.from('42'), undefined, Buffer.from('x')]]);
    });

    it('writes a text parameter as a literal that reads back exactly, whatever it holds', async () => {
      const texts = [...TRICKY, "'); DROP TABLE account; --", "it's $2 and \\' too"];
      for (const text of texts) {
        const { rows } = await copyAll(client, 'SELECT $1::text, $2::int + 1', [text, 41]);
        expect(rows).toEqual([[Buffer.from(text, 'utf8'), Buffer.from([0, 0, 0, 42])]]);
      }
    });

    it('refuses a parameter that is neither an integer nor a text, before sending anything', () => {
      expect(() => new CopyOut('SELECT $1::text', [1.5], () => undefined)).toThrow(
        'COPY: parameter $1 must be an integer or a text, got 1.5',
      );
      expect(() => new CopyOut('SELECT $2::text', [1], () => undefined)).toThrow(
        'COPY: parameter $2 must be an integer or a text, got undefined',
      );
    });

    it('reads many rows of every length across messages, then the client goes on', async () => {
      const { rows, count } = await copyAll(
        client,
        `SELECT n::text AS num, repeat(chr(97 + n % 26), n % 9000) FROM generate_series(1, 3000) AS n ORDER BY n`,
      );
      expect(count).toBe(3000);
      rows.forEach(([i, text], index) => {
        expect(i!.toString()).toBe(String(index + 1));
        expect(text!.length).toBe((index + 1) % 9000);
      });
      expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    });

    it('waits while paused, and gives every row once resumed', async () => {
      const seen: number[] = [];
      let resumed = false;
      const copy: CopyOut = client.query(
        new CopyOut(`SELECT i::text, repeat('r', 4000) FROM generate_series(1, 2000) AS i`, [], ([i]) => {
          seen.push(Number(i!.toString()));
          if (seen.length === 1) {
            copy.pause();
            setTimeout(() => {
              resumed = true;
              copy.resume();
            }, 300);
          }
        }),
      );
      await new Promise((done) => setTimeout(done, 200));
      // one socket read's worth arrived at most: 8 MB of rows stayed in PostgreSQL
      expect(resumed).toBe(false);
      expect(seen.length).toBeLessThan(200);
      expect(await copy.done).toBe(2000);
      expect(seen).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
    });

    it("fails with PostgreSQL's error when the statement breaks midway, and the client stays usable", async () => {
      const copy = client.query(
        new CopyOut(`SELECT (1 / (500 - i))::text FROM generate_series(1, 1000) AS i`, [], () => undefined),
      );
      await expect(copy.done).rejects.toThrow('division by zero');
      expect((await client.query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
    });

    it("fails with the row handler's own error, after reading the statement to its end", async () => {
      const copy = client.query(
        new CopyOut(`SELECT i::text FROM generate_series(1, 100) AS i`, [], ([i]) => {
          if (i!.toString() === '10') throw new Error('row 10 is bad');
        }),
      );
      await expect(copy.done).rejects.toThrow('row 10 is bad');
      expect((await client.query('SELECT 3 AS three')).rows).toEqual([{ three: 3 }]);
    });

    it('closes the connection when aborted before its turn came', async () => {
      client.on('error', () => undefined);
      const busy = client.query('SELECT pg_sleep(0.2)');
      const copy = client.query(new CopyOut('SELECT 1::text', [], () => undefined));
      copy.abort();
      await expect(busy).resolves.toBeDefined();
      await expect(copy.done).rejects.toThrow(/Connection terminated/);
    });

    it('closes the connection when aborted', async () => {
      client.on('error', () => undefined); // the closed connection is reported on the client too
      const copy: CopyOut = client.query(
        new CopyOut(`SELECT repeat('a', 1000) FROM generate_series(1, 100000)`, [], () => copy.abort()),
      );
      await expect(copy.done).rejects.toThrow(/Connection terminated/);
      await expect(client.query('SELECT 1')).rejects.toThrow();
    });
  });
}
