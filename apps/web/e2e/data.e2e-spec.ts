import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { RunningApi } from './support/api-server';
import { startApiAndBrowser } from './support/start';
import { openPage, type WatchedPage } from './support/browser';
import { queryDemo } from './support/demo-seed';
import { logIn } from './support/flows';

// The Serial Numbers and Test Results screens (issue 13) against the real API on the embedded
// PostgreSQL with the demo seed (docs/seed.md), in Debian's chromium: import serial numbers, jump
// one to a stage, look up a seeded unit's results, its traces and screenshot, download its PDF.

jest.setTimeout(90_000);

const OPERATOR = { email: 'operator@sweepline.local', password: 'sweepline-demo-1' };

let api: RunningApi;
let browser: Browser;
let watched: WatchedPage;
/** A seeded unit whose latest run of a test carries a screenshot (and so a trace: it is recent). */
let unit: { sn: string; product: string; seq: string };

beforeAll(async () => {
  ({ api, browser } = await startApiAndBrowser({}, { demo: true }));
  const [found] = await queryDemo<typeof unit>(
    api,
    `SELECT r.sn, p.name AS product, q.name AS seq FROM attachment a
       JOIN run r ON r.id = a.run_id JOIN product p ON p.id = r.product_id JOIN seq q ON q.id = r.seq_id
      WHERE a.kind = 'screenshot'
        AND r.id = (SELECT r2.id FROM run r2 WHERE r2.serial_number_id = r.serial_number_id
                       AND r2.seq_id = r.seq_id ORDER BY r2.start_time DESC, r2.id DESC LIMIT 1)
      ORDER BY r.start_time DESC LIMIT 1`,
  );
  if (!found) throw new Error('The demo seed made no run with a screenshot');
  unit = found;
  watched = await openPage(browser, api.url);
  await logIn(watched.page, OPERATOR.email, OPERATOR.password);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

describe('Serial Numbers', () => {
  it('imports serial numbers: sorted into the list and selected', async () => {
    const { page, screenshot } = watched;
    await page.goto('/sn');
    await page
      .getByRole('listbox', { name: 'Products' })
      .getByRole('option', { name: /BPF-600/ })
      .click();
    await page.getByRole('listbox', { name: 'Serial numbers' }).waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Serial Number' });
    await dialog.getByRole('textbox', { name: /Serial numbers/ }).fill('E2E-0002\nE2E-0001\n   \n');
    await dialog.getByRole('button', { name: 'Add' }).click();
    // the dialog's own rule first: the blank line is trimmed away at the end, so this passes
    await dialog.waitFor({ state: 'hidden' });
    const selected = page.getByRole('listbox', { name: 'Serial numbers' }).locator('[aria-selected="true"]');
    await expect(selected.allTextContents()).resolves.toEqual(['E2E-0001', 'E2E-0002']);
    await screenshot('sn-added');
  });

  it('refuses a list with an empty line in the middle, with the words of the domain', async () => {
    const { page } = watched;
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Serial Number' });
    await dialog.getByRole('textbox', { name: /Serial numbers/ }).fill('E2E-0003\n   \nE2E-0004');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.getByText('Remove empty lines').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('jumps one to stage 2 and shows its stage history', async () => {
    const { page, screenshot } = watched;
    const list = page.getByRole('listbox', { name: 'Serial numbers' });
    await list.getByRole('option', { name: /^E2E-0001/ }).click();
    await page.getByRole('button', { name: 'Jump to Stage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Jump To Stage' });
    await dialog.getByRole('combobox', { name: 'Stage' }).click();
    // the stage list opens in a portal, outside the dialog's element
    await page.getByRole('option', { name: 'Stage 2' }).click();
    await screenshot('sn-jump');
    await dialog.getByRole('button', { name: 'Jump' }).click();
    await page.getByText('Serial numbers jumped to stage successfully').waitFor();
    await screenshot('sn-jumped');
    await page.getByRole('button', { name: 'Stage History' }).click();
    const history = page.getByRole('dialog', { name: 'Stage History' });
    await history.getByText('E2E-0001: Stage 2').waitFor();
    const reasons = await history.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(reasons).toEqual(['Jumped', 'Added']);
    await screenshot('sn-history');
    await page.keyboard.press('Escape');
  });
});

describe('Test Results', () => {
  it("finds a seeded unit's results, the first run selected, with its traces and screenshot", async () => {
    const { page, screenshot } = watched;
    await page.goto('/tr');
    await page.getByRole('textbox', { name: 'Serial number' }).fill(unit.sn);
    await page.getByRole('button', { name: 'Search' }).click();
    // exactly: 'Latest runs', shown before the search, would match 'Runs' as a substring
    const runs = page.getByRole('table', { name: 'Runs', exact: true });
    await runs.waitFor();
    await expect(runs.locator('tbody tr').first().getAttribute('aria-selected')).resolves.toBe('true');
    await runs.locator('tbody tr', { hasText: unit.seq }).first().click();
    await page.getByRole('table', { name: 'Test Steps' }).waitFor();
    const traces = page.getByRole('region', { name: 'Traces' });
    // a chart is made once it comes near the viewport: scrolled to, as a person would
    await traces.locator('canvas').first().scrollIntoViewIfNeeded();
    await traces.locator('canvas[data-drawn="true"]').first().waitFor();
    await page.getByRole('region', { name: 'Screenshots' }).getByRole('img').first().waitFor();
    await screenshot('tr-run');
    // zoom in and read a value under the cursor
    const canvas = traces.locator('canvas').first();
    // the mouse reaches only what is in the window
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    // the zoom enables Reset zoom once drawn
    await traces.locator('button:not([disabled])', { hasText: 'Reset zoom' }).first().waitFor();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
    await traces.getByText(/MHz: /).first().waitFor();
    await screenshot('tr-zoomed');
  });

  it('downloads the PDF of a run, named by serial number and test name', async () => {
    const { page } = watched;
    const row = page
      .getByRole('table', { name: 'Runs', exact: true })
      .locator('tbody tr', { hasText: unit.seq })
      .first();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /^Download PDF of / }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${unit.sn} ${unit.seq}.pdf`);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('logged no console errors', () => {
    expect(watched.errors).toEqual([]);
  });
});
