import { JsonParts } from './json-parts';

const row = (i: number, pad = 0) => Buffer.from(JSON.stringify({ i, pad: 'x'.repeat(pad) }));

/** Adds every row, reusing one source buffer as the COPY reader's driver does; answers the parts. */
function split(parts: JsonParts, rows: Buffer[]): Buffer[] {
  const out: Buffer[] = [];
  const scratch = Buffer.alloc(Math.max(0, ...rows.map((r) => r.length)));
  for (const r of rows) {
    r.copy(scratch);
    const full = parts.add(scratch.subarray(0, r.length));
    scratch.fill('#');
    if (full) out.push(full);
  }
  out.push(parts.finish());
  return out;
}

const parsed = (parts: Buffer[]) => parts.flatMap((p) => JSON.parse(p.toString('utf8')) as unknown[]);

describe('JsonParts', () => {
  it('writes the arrays as the export always did: "[\\n" rows joined by ",\\n" then "\\n]\\n"', () => {
    expect(split(new JsonParts(10, 1000), [row(1), row(2)]).map(String)).toEqual([
      '[\n{"i":1,"pad":""},\n{"i":2,"pad":""}\n]\n',
    ]);
  });

  it('gives an empty array when no row came', () => {
    expect(split(new JsonParts(10, 1000), []).map(String)).toEqual(['[\n\n]\n']);
  });

  it('ends a part at the row limit', () => {
    const parts = split(
      new JsonParts(3, 1_000_000),
      Array.from({ length: 7 }, (_, i) => row(i)),
    );
    expect(parts.map((p) => (JSON.parse(p.toString()) as unknown[]).length)).toEqual([3, 3, 1]);
    expect(parsed(parts)).toEqual(Array.from({ length: 7 }, (_, i) => ({ i, pad: '' })));
  });

  it('keeps every part within the byte limit, past its first buffer, and a larger row alone', () => {
    const rows = [...Array.from({ length: 400 }, (_, i) => row(i, 900)), row(400, 300_000), row(401)];
    const parts = split(new JsonParts(10_000, 200_000), rows);
    expect(
      parts.map((p) => p.length <= 200_000 || (JSON.parse(p.toString()) as unknown[]).length === 1),
    ).toEqual(parts.map(() => true));
    expect(parts.length).toBeGreaterThan(3);
    expect(parsed(parts)).toEqual(rows.map((r) => JSON.parse(r.toString()) as unknown));
  });

  it('keeps non-ASCII bytes as they came', () => {
    const text = Buffer.from('{"s":"Küche 日本語 \\"q\\" \\\\ 🛰️"}');
    expect(split(new JsonParts(10, 1000), [text])[0]).toEqual(
      Buffer.concat([Buffer.from('[\n'), text, Buffer.from('\n]\n')]),
    );
  });
});
