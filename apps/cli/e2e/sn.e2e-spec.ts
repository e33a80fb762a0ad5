import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SnProduct } from '@sweepline/domain';
import type { Manager } from './support/accounts';
import { addProduct, asManager, makeApiToken, signUpManager } from './support/accounts';
import type { RunningApi } from './support/api-server';
import { freePort, startApi } from './support/api-server';
import { configDir, ensureBuiltCli, sweepline } from './support/cli';

const dir = mkdtempSync(join(tmpdir(), 'sweepline-sn-e2e-'));
let files = 0;
function file(text: string, ext = 'txt'): string {
  const path = join(dir, `file${++files}.${ext}`);
  writeFileSync(path, text);
  return path;
}
const serials = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`);

describe('sweepline sn (built program, built API, embedded PostgreSQL)', () => {
  jest.setTimeout(180_000);
  let api: RunningApi;
  let manager: Manager;
  let env: Record<string, string>;

  async function snArray(productId: number): Promise<string[]> {
    const products = await asManager<SnProduct[]>(api, manager, 'GET', '/sn');
    return products.find((p) => p.id === productId)?.snArray ?? [];
  }

  beforeAll(async () => {
    ensureBuiltCli();
    api = await startApi();
    manager = await signUpManager(api);
    const { token } = await makeApiToken(api, manager, 2);
    env = { SWEEPLINE_SERVER: api.url, SWEEPLINE_TOKEN: token, SWEEPLINE_CONFIG_DIR: configDir() };
  });
  afterAll(() => api?.stop());

  it('imports 1001 lines across the chunk boundary, and a second run adds nothing twice', async () => {
    const id = await addProduct(api, manager, 'Chunked');
    const path = file(`${serials('C', 1001).join('\n')}\n`);
    const first = await sweepline(['sn', 'import', '--product', 'chunked', path], env);
    expect(first.stderr).toContain('Product Chunked: added 1001, already present 0, refused 0.');
    expect(first.code).toBe(0);
    expect((await snArray(id)).sort()).toEqual(serials('C', 1001).sort());
    const again = await sweepline(['sn', 'import', '--product', String(id), path, '--json'], env);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      productId: id,
      added: 0,
      alreadyPresent: 1001,
      refused: 0,
    });
    expect(await snArray(id)).toHaveLength(1001);
  });

  it('refuses empty lines, duplicates and bad characters with their lines, adds the rest, exits 1', async () => {
    const id = await addProduct(api, manager, 'Messy');
    const path = file('M-1\n\nM-2\nM-1\nbad sn\n' + 'x'.repeat(65) + '\nM-3\r\n');
    const result = await sweepline(['sn', 'import', '--product', 'Messy', path], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Product Messy: added 3, already present 0, refused 4.');
    expect(result.stderr).toContain('line 2: (empty): Remove empty lines');
    expect(result.stderr).toContain('line 4: M-1: M-1 duplicated (first on line 1)');
    expect(result.stderr).toContain('line 5: bad sn: Invalid character');
    expect(result.stderr).toContain('No more than 64 characters');
    expect((await snArray(id)).sort()).toEqual(['M-1', 'M-2', 'M-3']);
  });

  it('continues an interrupted import: what was added before is counted as already present', async () => {
    const id = await addProduct(api, manager, 'Resumed');
    const all = serials('R', 2500);
    // the first run stopped after its first call
    await asManager(api, manager, 'POST', '/sn', { product_id: id, sn_array: all.slice(0, 1000) });
    const result = await sweepline(['sn', 'import', '--product', 'Resumed', file(all.join('\n'))], env);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('added 1500, already present 1000, refused 0.');
    expect(await snArray(id)).toHaveLength(2500);
  });

  it('reads a CSV column by its header, and standard input with -', async () => {
    const id = await addProduct(api, manager, 'Csv');
    const csv = file('Line,"Serial Number",Note\n1,S-1,"a, b"\n2,S-2,"two\nlines"\n3,S-3,\n', 'csv');
    const result = await sweepline(['sn', 'import', '-p', 'Csv', '--column', 'serial number', csv], env);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('added 3, already present 0, refused 0.');
    const piped = await sweepline(['sn', 'import', '-p', 'Csv', '-'], env, 'S-3\nS-4\n');
    expect(piped.stderr).toContain('added 1, already present 1, refused 0.');
    expect((await snArray(id)).sort()).toEqual(['S-1', 'S-2', 'S-3', 'S-4']);
  });

  it('refuses a CSV row with an extra field with its line, and a file with an unclosed quote whole', async () => {
    const id = await addProduct(api, manager, 'Shifted');
    const shifted = file('SN,Note\nX-1,ok\nX-2,6,5 MHz\nX-3,"6,5 MHz"\n', 'csv');
    const result = await sweepline(['sn', 'import', '-p', 'Shifted', '--column', 'SN', shifted], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Product Shifted: added 2, already present 0, refused 1.');
    expect(result.stderr).toContain(
      "line 3: X-2: 3 fields where the header has 2 (a field holding ',' must be in quotes)",
    );
    const unclosed = file('SN,Note\nX-4,ok\nX-5,"6-pole filter\nX-6,ok\n', 'csv');
    const refused = await sweepline(['sn', 'import', '-p', 'Shifted', '--column', 'SN', unclosed], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'sweepline: Line 3, column 5: the quote (") that opens this field is never closed, so the rest of the file would be one field.',
    );
    expect(refused.stderr).not.toContain('Invalid character');
    expect((await snArray(id)).sort()).toEqual(['X-1', 'X-3']);
  });

  it('writes nothing on --dry-run', async () => {
    const id = await addProduct(api, manager, 'Dry');
    const result = await sweepline(['sn', 'import', '-p', 'Dry', '--dry-run', file('D-1\nD-2\n\n')], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Product Dry: would add 2, already present 0, refused 1 (dry run: nothing was written).',
    );
    expect(await snArray(id)).toEqual([]);
  });

  it('exits 2 on a wrong product, a missing CSV column, an unreadable file and a server that is down', async () => {
    await addProduct(api, manager, 'Known');
    const path = file('W-1\n');
    const wrong = await sweepline(['sn', 'import', '--product', 'Nope', path], env);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("sweepline: Product 'Nope' not found (the account's products: ");
    const column = await sweepline(
      ['sn', 'import', '-p', 'Known', '--column', 'SN', file('a,b\n1,2\n', 'csv')],
      env,
    );
    expect(column.code).toBe(2);
    expect(column.stderr).toContain("The CSV header has no column 'SN': its columns are 'a', 'b'.");
    const csvNoColumn = await sweepline(['sn', 'import', '-p', 'Known', file('a\n', 'csv')], env);
    expect(csvNoColumn.code).toBe(2);
    const missing = await sweepline(['sn', 'import', '-p', 'Known', join(dir, 'none.txt')], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`Cannot read ${join(dir, 'none.txt')}: ENOENT`);
    const noProduct = await sweepline(['sn', 'import', path], env);
    expect(noProduct.code).toBe(2);
    expect(noProduct.stderr).toContain("required option '-p, --product <name|id>' not specified");
    const down = `http://127.0.0.1:${await freePort()}`;
    const result = await sweepline(['sn', 'import', '-p', 'Known', path, '--server', down], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`Cannot reach the Sweepline server at ${down}`);
  });

  it('lists, jumps and deletes serial numbers', async () => {
    const id = await addProduct(api, manager, 'Staged');
    await asManager(api, manager, 'POST', '/seq', { product_id: id, name: 'Pass band', current_seq_id: -1 });
    await sweepline(['sn', 'import', '-p', 'Staged', file('J-1\nJ-2\nJ-3\n')], env);

    const list = await sweepline(['sn', 'list', '--product', 'Staged'], env);
    expect(list.stdout).toBe('J-1\nJ-2\nJ-3\n');
    const all = await sweepline(['sn', 'list', '--json'], env);
    expect(JSON.parse(all.stdout)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id, name: 'Staged', snArray: ['J-1', 'J-2', 'J-3'], stageArray: [1] }),
      ]),
    );
    const table = await sweepline(['sn', 'list'], env);
    expect(table.stdout).toMatch(new RegExp(`^${id}\\s+Staged\\s+3\\s+1$`, 'm'));

    const jump = await sweepline(['sn', 'jump', '-p', 'Staged', '--stage', '1', 'J-1', 'J-2'], env);
    expect(jump.code).toBe(0);
    expect(jump.stderr).toContain('2 serial numbers jumped to stage 1.');
    const badStage = await sweepline(['sn', 'jump', '-p', 'Staged', '--stage', '3', 'J-1'], env);
    expect(badStage.code).toBe(1);
    expect(badStage.stderr).toContain('stage_no: Product Staged has no stage 3');

    const noYes = await sweepline(['sn', 'delete', '-p', 'Staged', 'J-3'], env);
    expect(noYes.code).toBe(2);
    expect(noYes.stderr).toContain('add --yes');
    const unknown = await sweepline(['sn', 'delete', '-p', 'Staged', '--yes', 'J-9'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Serial number J-9 not found in product Staged');
    const del = await sweepline(['sn', 'delete', '-p', 'Staged', '--yes', '--file', '-'], env, 'J-3\n');
    expect(del.code).toBe(0);
    expect(await snArray(id)).toEqual(['J-1', 'J-2']);
  });
});
