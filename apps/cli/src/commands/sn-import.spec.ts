import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../exit-codes';
import { snImportAction } from './sn-import';

describe('sweepline sn import on a CSV file with an unclosed quote', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sweepline-sn-import-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses the file as a usage error naming the quote, before any call (the server here is down)', async () => {
    const file = join(dir, 'labels.csv');
    writeFileSync(file, 'SN,Note\nS-1,ok\nS-2,"6-pole filter\nS-3,ok\n');
    const imported = snImportAction(file, {
      product: 'F-200',
      column: 'SN',
      delimiter: ',',
      server: 'http://127.0.0.1:9',
      token: 'swl_unused',
    });
    await expect(imported).rejects.toThrow(UsageError);
    await expect(imported).rejects.toThrow(
      'Line 3, column 5: the quote (") that opens this field is never closed, so the rest of the file would be one field.',
    );
  });
});
