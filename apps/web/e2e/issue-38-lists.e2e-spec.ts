import type { SnUnit } from '@sweepline/domain';
import { verdictLabel } from '@sweepline/domain';
import type { Browser, Page } from 'playwright-core';
import type { RunningApi } from './support/api-server';
import { axeViolations } from './support/axe';
import { openPage, type WatchedPage } from './support/browser';
import { drawnChart } from './support/charts';
import { logIn } from './support/flows';
import { startApiAndBrowser } from './support/start';

// Issue 38 in Debian's chromium against the real API with the demo seed: the serial-number list's
// stage and latest result and its "Copy {sn}" buttons (click and keyboard), the bill's account
// picker on a month without records, the Pareto's whole labels and the named header cells; axe
// finds 0 violations on each of these screens.

jest.setTimeout(180_000);

const PASSWORD = 'sweepline-demo-1';
const OPERATOR = { email: 'operator@sweepline.local', password: PASSWORD };
const MANAGER = { email: 'demo@sweepline.local', password: PASSWORD };
const ADMIN = { email: 'admin@sweepline.local', password: 'admin-pass-1' };

let api: RunningApi;
let browser: Browser;

beforeAll(async () => {
  ({ api, browser } = await startApiAndBrowser(
    { SWEEPLINE_ADMIN_EMAIL: ADMIN.email, SWEEPLINE_ADMIN_PASSWORD: ADMIN.password },
    { demo: true },
  ));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

/** The screen's calls answered, its loaders gone and its transitions ended. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[aria-label="Loading"]')].every((loader) => !loader.checkVisibility()),
  );
  await page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)));
}

async function signedIn(who: { email: string; password: string }): Promise<WatchedPage> {
  const watched = await openPage(browser, api.url);
  await watched.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: api.url });
  await logIn(watched.page, who.email, who.password);
  return watched;
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

const stageText = (unit: SnUnit) =>
  unit.finished ? 'Finished' : unit.stageNo === null ? 'No stage' : `Stage ${unit.stageNo}`;

describe('the serial-number list', () => {
  let watched: WatchedPage;
  let units: SnUnit[];

  beforeAll(async () => {
    watched = await signedIn(OPERATOR);
    const [reply] = await Promise.all([
      watched.page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/sn/units')),
      watched.page.goto('/sn'),
    ]);
    units = ((await reply.json()) as { data: SnUnit[] }).data;
    await settle(watched.page);
    // the units' answer is in, but under load its render may come later: an option is described
    // (by its stage and result) only once it has
    await watched.page.waitForFunction(() => {
      const option = document.querySelector('[role="option"][aria-describedby]');
      return Boolean(
        option && document.getElementById(option.getAttribute('aria-describedby')!)?.textContent,
      );
    });
  });

  afterAll(() => watched.page.context().close());

  it("shows each unit's stage and latest result as the API gives them", async () => {
    const list = watched.page.getByRole('listbox', { name: 'Serial numbers' });
    expect(units.length).toBeGreaterThan(1);
    expect(units.some((unit) => unit.latest !== null)).toBe(true);
    // each option is named by its serial number alone and described by its stage and result
    const names = await list
      .getByRole('option')
      .evaluateAll((options) =>
        options
          .slice(0, 5)
          .map(
            (o) =>
              `${o.textContent}, ${document.getElementById(o.getAttribute('aria-describedby')!)?.textContent}`,
          ),
      );
    expect(names).toEqual(
      units
        .slice(0, 5)
        .map((u) => `${u.sn}, ${stageText(u)}, ${u.latest ? verdictLabel(u.latest.result) : 'Not run'}`),
    );
    await watched.screenshot('issue-38-sn-list');
    expect(await axeViolations(watched.page)).toEqual([]);
  });

  it("copies with a click on 'Copy {sn}', and says 'Copied'", async () => {
    const { page } = watched;
    const sn = units[0]!.sn;
    await page.getByRole('button', { name: `Copy ${sn}` }).click();
    await page.getByText('Copied').waitFor();
    expect(await clipboard(page)).toBe(sn);
    await watched.screenshot('issue-38-sn-copied');
    // the message goes after 1 s
    await page.getByText('Copied').waitFor({ state: 'hidden', timeout: 5000 });
  });

  it("copies from the keyboard: Tab from the list reaches the focused row's button, Enter copies", async () => {
    const { page } = watched;
    const sn = units[1]!.sn;
    await page.getByRole('listbox', { name: 'Serial numbers' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    const focused = page.getByRole('button', { name: `Copy ${sn}` });
    expect(await focused.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText('Copied').waitFor();
    expect(await clipboard(page)).toBe(sn);
    expect(await axeViolations(page)).toEqual([]);
    expect(watched.errors).toEqual([]);
  });
});

it('offers every account on a month without records, with the empty table and its Total', async () => {
  const watched = await signedIn(ADMIN);
  const { page } = watched;
  await page.goto('/ht/bill');
  await settle(page);
  await page.getByRole('combobox', { name: 'Month' }).click();
  await page.getByRole('option', { name: '2023-05' }).click();
  await settle(page);
  const picker = page.getByRole('combobox', { name: 'Account' });
  expect(await picker.isEnabled()).toBe(true);
  await picker.click();
  const options = await page.getByRole('listbox', { name: 'Account' }).getByRole('option').allInnerTexts();
  expect(options.length).toBeGreaterThan(0);
  // each account with its manager's e-mail
  for (const option of options) expect(option).toMatch(/\S+\n?.*@/s);
  await page.keyboard.press('Escape');
  const table = page.getByRole('table', { name: 'Bill' });
  expect(await table.getByRole('row').last().innerText()).toMatch(/^Total\s+0\s+0\s+0\s+0\.00/);
  await page.getByText(/^No records of .+ in 2023-05\.$/).waitFor();
  await watched.screenshot('issue-38-bill-empty-month');
  expect(await axeViolations(page)).toEqual([]);
  expect(watched.errors).toEqual([]);
  await page.context().close();
});

it("draws the Pareto's labels whole and names every header cell, on /report/failures and /Setting", async () => {
  const watched = await signedIn(MANAGER);
  const { page } = watched;
  await page.goto('/report/failures');
  await page.getByRole('button', { name: 'Apply' }).waitFor();
  await page.getByRole('combobox', { name: 'Product' }).click();
  await page.getByRole('option', { name: 'BPF-600' }).first().click();
  await page.getByRole('combobox', { name: 'Test' }).click();
  await page.getByRole('option', { name: 'All tests' }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  const chart = await drawnChart(page, /^Failure Pareto, BPF-600, All tests/);
  // every bar's whole title, in the description a screen reader reads with the chart
  const description = await chart.evaluate(
    (canvas) => document.getElementById(canvas.getAttribute('aria-describedby')!)!.textContent,
  );
  const steps = await page.getByRole('table', { name: 'Failing steps' }).locator('tbody tr').allInnerTexts();
  for (const row of steps) {
    const [test, step] = row.split('\t');
    expect(description).toContain(step === 'Aborted' ? 'Aborted' : `${test} / ${step}`);
  }
  expect(
    await page.getByRole('table', { name: 'Failing steps' }).getByRole('columnheader').allInnerTexts(),
  ).toHaveLength(6);
  await settle(page);
  await watched.screenshot('issue-38-failures-pareto');
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/Setting');
  await settle(page);
  await page.getByRole('table', { name: 'API tokens' }).waitFor();
  await watched.screenshot('issue-38-settings');
  expect(await axeViolations(page)).toEqual([]);
  expect(watched.errors).toEqual([]);
  await page.context().close();
});
