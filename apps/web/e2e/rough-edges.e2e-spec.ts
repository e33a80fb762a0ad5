import type { Browser } from 'playwright-core';
import type { RunningApi } from './support/api-server';
import { openPage, type WatchedPage } from './support/browser';
import { queryDemo } from './support/demo-seed';
import { settled } from './support/editor-page';
import { expectFieldValue, logIn } from './support/flows';
import { startApiAndBrowser } from './support/start';

// Issues 28 and 39 in Debian's chromium against the real API with the demo seed: each run's
// release on /tr and the note on a run of an older one; the Add Step dialog's Save clicked straight
// after opening; Jump To Stage's 'Stage 1' in view and clickable; the FAQ's role matrix.

jest.setTimeout(120_000);

const EDITOR = { email: 'editor@sweepline.local', password: 'sweepline-demo-1' };

let api: RunningApi;
let browser: Browser;
let watched: WatchedPage;
/** A seeded unit's latest run, of a release its test has since released a newer one of. */
let unit: { sn: string; seq: string; no: number; newest: number };

beforeAll(async () => {
  ({ api, browser } = await startApiAndBrowser({}, { demo: true }));
  const [found] = await queryDemo<{ sn: string; seq: string; no: number; seq_id: number }>(
    api,
    `SELECT r.sn, s.name AS seq, r.release_no AS no, s.id AS seq_id FROM run r JOIN seq s ON s.id = r.seq_id
      WHERE r.release_no IS NOT NULL ORDER BY r.start_time DESC LIMIT 1`,
  );
  // a release of the test after the run (docs/releases.md): the run's is an older one now
  const [newest] = await queryDemo<{ no: number }>(
    api,
    `INSERT INTO seq_release (account_id, seq_id, no, seq_version, content, kind, state, note, created_by_name)
     SELECT account_id, seq_id, no + 1, seq_version, content, 'explicit', 'released', 'Tighter limits', 'Dana Demo'
       FROM seq_release WHERE seq_id = ${found!.seq_id} ORDER BY no DESC LIMIT 1
     RETURNING no`,
  );
  unit = { sn: found!.sn, seq: found!.seq, no: found!.no, newest: newest!.no };
  watched = await openPage(browser, api.url);
  await logIn(watched.page, EDITOR.email, EDITOR.password);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

it("shows each run's release on /tr, and points out one of an older release than the test's newest", async () => {
  const { page, screenshot } = watched;
  await page.goto('/tr');
  await page.getByRole('textbox', { name: 'Serial number' }).fill(unit.sn);
  await page.getByRole('button', { name: 'Search' }).click();
  // exactly: 'Latest runs', shown until the search answers, would match too
  const runs = page.getByRole('table', { name: 'Runs', exact: true });
  // the table comes with the search's answer: read its headers once it is there, not before
  await runs.getByRole('columnheader').first().waitFor();
  await expect(runs.getByRole('columnheader').allTextContents()).resolves.toEqual([
    'Date',
    'Test Name',
    'Result',
    'Operator',
    'PDF',
    'Release',
  ]);
  const row = runs.locator('tbody tr', { hasText: unit.seq }).first();
  await row.click();
  await expect(row.locator('td').nth(5).textContent()).resolves.toBe(
    `${unit.no}older (newest ${unit.newest})`,
  );
  await page.getByText(new RegExp(`^Release ${unit.no} · \\d{4}-\\d\\d-\\d\\d`)).waitFor();
  await page.getByText(`Release ${unit.no} — the test's newest release is ${unit.newest}`).waitFor();
  await screenshot('tr-older-release');
});

it("says 'Choose type' when Save is clicked straight after the Add Step dialog opens", async () => {
  const { page, screenshot } = watched;
  await page.goto('/product');
  await settled(page);
  await page.getByRole('button', { name: 'Add step' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Step' });
  await dialog.waitFor();
  // the Type field takes the focus (once the dialog's opening transition ends), its list stays
  // folded until asked
  const type = dialog.getByRole('combobox', { name: 'Type' });
  await page.waitForFunction((input) => input === document.activeElement, await type.elementHandle());
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
  await expectFieldValue(field, 'Stage 1');
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
