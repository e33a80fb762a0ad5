import type { Browser } from 'playwright-core';
import type { RunningApi } from './support/api-server';
import { openPage, type WatchedPage } from './support/browser';
import { queryDemo, seedDemo } from './support/demo-seed';
import { logIn } from './support/flows';
import { startApiAndBrowser } from './support/start';

// Issue 28 in Debian's chromium against the real API with the demo seed: each run's test version
// on /tr and the note on a run made with an older one; the Add Step dialog's Save clicked straight
// after opening; Jump To Stage's 'Stage 1' in view and clickable; the FAQ's role matrix.

jest.setTimeout(120_000);

const EDITOR = { email: 'editor@sweepline.local', password: 'sweepline-demo-1' };

let api: RunningApi;
let browser: Browser;
let watched: WatchedPage;
/** A seeded unit with runs of one test, its latest run made before the test's last edit. */
let unit: { sn: string; seq: string; version: number };

beforeAll(async () => {
  ({ api, browser } = await startApiAndBrowser());
  await seedDemo(api);
  const [found] = await queryDemo<{ sn: string; seq: string; version: number; seq_id: number }>(
    api,
    `SELECT r.sn, s.name AS seq, r.seq_version AS version, s.id AS seq_id FROM run r JOIN seq s ON s.id = r.seq_id
      ORDER BY r.start_time DESC LIMIT 1`,
  );
  // what an edit of the test does to its version (docs/api/editor.md): the run keeps its own
  await queryDemo(api, `UPDATE seq SET version = version + 2 WHERE id = ${found!.seq_id}`);
  unit = found!;
  watched = await openPage(browser, api.url);
  await logIn(watched.page, EDITOR.email, EDITOR.password);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

it("shows each run's test version on /tr, and points out one made with an older version", async () => {
  const { page, screenshot } = watched;
  await page.goto('/tr');
  await page.getByRole('textbox', { name: 'Serial number' }).fill(unit.sn);
  await page.getByRole('button', { name: 'Search' }).click();
  const runs = page.getByRole('table', { name: 'Runs' });
  // the table comes with the search's answer: read its headers once it is there, not before
  await runs.getByRole('columnheader').first().waitFor();
  await expect(runs.getByRole('columnheader').allTextContents()).resolves.toEqual([
    'Date',
    'Test Name',
    'Result',
    'Operator',
    'Version',
    'PDF',
  ]);
  const row = runs.locator('tbody tr', { hasText: unit.seq }).first();
  await row.click();
  await expect(row.locator('td').nth(4).textContent()).resolves.toBe(
    `${unit.version}older (now ${unit.version + 2})`,
  );
  await page.getByText(`Test version ${unit.version} — an older version`).waitFor();
  await screenshot('tr-older-version');
});

it("says 'Choose type' when Save is clicked straight after the Add Step dialog opens", async () => {
  const { page, screenshot } = watched;
  await page.goto('/product');
  await page.getByLabel('Loading').waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Add step' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Step' });
  await dialog.waitFor();
  // the Type field has the focus, its list stays folded until asked
  const type = dialog.getByRole('combobox', { name: 'Type' });
  await expect(type.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
  expect(await page.getByRole('listbox', { name: 'Type' }).isVisible()).toBe(false);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Choose type').waitFor();
  await screenshot('add-step-choose-type');
  await page.keyboard.press('Escape');
});

it("shows Jump To Stage's 'Stage 1' in view below the field, and it can be chosen", async () => {
  const { page, screenshot } = watched;
  await page.goto('/sn');
  await page.getByRole('listbox', { name: 'Serial numbers' }).getByRole('option').first().click();
  await page.getByRole('button', { name: 'Jump to Stage' }).click();
  const dialog = page.getByRole('dialog', { name: 'Jump To Stage' });
  const field = dialog.getByRole('combobox', { name: 'Stage' });
  await field.click();
  const first = page.getByRole('option', { name: 'Stage 1', exact: true });
  await first.waitFor();
  const [fieldBox, optionBox, header] = await Promise.all([
    field.boundingBox(),
    first.boundingBox(),
    dialog.locator('header, .mantine-Modal-header').first().boundingBox(),
  ]);
  // the list opens downwards, clear of the dialog's header
  expect(optionBox!.y).toBeGreaterThan(fieldBox!.y + fieldBox!.height - 1);
  expect(optionBox!.y).toBeGreaterThan(header!.y + header!.height);
  // and what is at the option's middle is the option itself, not the header over it
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('[role="option"]')?.textContent,
    { x: optionBox!.x + optionBox!.width / 2, y: optionBox!.y + optionBox!.height / 2 },
  );
  expect(onTop).toBe('Stage 1');
  await screenshot('jump-to-stage-open');
  await first.click();
  await expect(field.inputValue()).resolves.toBe('Stage 1');
  await page.keyboard.press('Escape');
});

it('shows the FAQ role matrix as a table', async () => {
  const { page, screenshot } = watched;
  await page.goto('/guide/faq');
  const matrix = page.getByRole('table', { name: 'Role matrix' });
  await matrix.getByRole('columnheader').first().waitFor(); // the page's chunk loads first
  await expect(matrix.getByRole('columnheader').allTextContents()).resolves.toEqual([
    'What',
    'Operator',
    'Editor',
    'Manager',
  ]);
  await expect(
    matrix
      .getByRole('row', { name: /Edit products/ })
      .getByRole('cell')
      .allTextContents(),
  ).resolves.toEqual(['No', 'Yes', 'Yes']);
  await matrix.scrollIntoViewIfNeeded();
  await screenshot('faq-role-matrix');
});

it('logged no console errors', () => {
  expect(watched.errors).toEqual([]);
});
