import { readFileSync } from 'node:fs';
import { ActionId, type EditorProduct } from '@sweepline/domain';
import { apiCaller, makeTestProduct, type ApiCall } from '@sweepline/testing';
import type { Browser, Page } from 'playwright-core';
import type { RunningApi } from './support/api-server';
import { openPage, type WatchedPage } from './support/browser';
import { makeFloorProduct } from './support/floor-product';
import { signUpAndLogIn, storedSession } from './support/flows';
import { startApiAndBrowser } from './support/start';

// History in the browser against the real API (issue 39): a limit edited and released through
// the editor's calls, then the manager opens History from the navigation, filters by the test,
// reads the change with its old and new values and the release with its note, and downloads the
// CSV of what the filters select.

jest.setTimeout(180_000);

const MANAGER = {
  account: 'History Ltd',
  email: 'hana@history.example',
  password: 'secret123',
  name: 'Hana',
};
const NOTE = 'Tighter insertion loss after the resonator change';

let api: RunningApi;
let browser: Browser;
let manager: WatchedPage;
let call: ApiCall;

/** The test 'Final' of a product, with its steps, as the editor reads it. */
async function finalOf(product: string) {
  const products = await call<EditorProduct[]>('GET', '/user/edit');
  const seq = products.find((p) => p.name === product)!.seqs.find((s) => s.name === 'Final')!;
  return { productId: products.find((p) => p.name === product)!.id, seq };
}

const pick = async (page: Page, field: string, choice: string) => {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: choice }).click();
};

beforeAll(async () => {
  ({ api, browser } = await startApiAndBrowser());
  manager = await openPage(browser, api.url);
  await signUpAndLogIn(manager.page, api.outboxDir, MANAGER);
  const session = await storedSession(manager.page);
  call = apiCaller(api.url, { 'x-auth-token': session });
  // two products: the test filter has to tell their changes apart
  await makeFloorProduct(api.url, session, 'F-900', []);
  await makeTestProduct(
    call,
    'D-200',
    [{ action: ActionId.Header, name: 'Heading', param: () => ({ value: 'Duplexer D-200' }) }],
    [],
  );
  const { seq } = await finalOf('F-900');
  const step = seq.steps.find((s) => s.name === 'IL max')!;
  await call('PUT', `/step/param/${step.id}`, { param: { ...step.param, upper: 2.5 } });
  await call('POST', `/seq/${seq.id}/releases`, { note: NOTE });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

it('shows the manager the edit of a limit and its release, filtered by the test, and downloads the CSV', async () => {
  const { page, screenshot, errors } = manager;
  await page.goto('/product');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
  await page.waitForURL('**/history');
  const changes = page.getByRole('table', { name: 'Changes' });
  await changes.waitFor();
  await screenshot('history-all');

  const { productId, seq } = await finalOf('F-900');
  await pick(page, 'Product', 'F-900');
  await pick(page, 'Test', 'Final');
  await page.waitForURL(`**/history?product_id=${productId}&seq_id=${seq.id}`);
  // every row shown is of F-900's Final: none of D-200's, whose steps were made the same way
  await changes.getByText('F-900 / Final').first().waitFor();
  expect(await changes.getByText(/D-200/).count()).toBe(0);

  const edit = changes.locator('tbody tr', { hasText: '→ 2.5' }).first();
  await edit.waitFor();
  // the edit of the step's parameters, its one changed field with the value before and after
  expect(await edit.locator('td').nth(3).textContent()).toBe('param');
  expect(await edit.locator('td').nth(4).textContent()).toBe('Upper limit: 3 → 2.5');
  const release = changes.locator('tbody tr', { hasText: NOTE }).first();
  await release.waitFor();
  expect(await release.locator('td').nth(1).textContent()).toBe(MANAGER.name);
  // newest first: the release was made after the edit
  const texts = await changes.locator('tbody tr').allTextContents();
  expect(texts.findIndex((t) => t.includes(NOTE))).toBeLessThan(texts.findIndex((t) => t.includes('→ 2.5')));
  await screenshot('history-filtered');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('audit-trail.csv');
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\n')[0]).toContain('time');
  expect(csv).toContain(NOTE);
  expect(csv).toMatch(/param\.upper,3,2\.5/);
  expect(csv).not.toContain('D-200');
  expect(errors).toEqual([]);
});
