import type { Browser, Page } from 'playwright-core';
import type { RunningApi } from './support/api-server';
import { startApiAndBrowser } from './support/start';
import { openPage, type WatchedPage } from './support/browser';
import { logIn } from './support/flows';

// The report screens and the back office against the real API on the embedded PostgreSQL with the
// demo seed (docs/seed.md), in Debian's chromium: every report draws a chart, and the provider
// administrator opens the three back-office pages. Screenshots go to artifacts/web-e2e/.

jest.setTimeout(120_000);

const DEMO = { email: 'demo@sweepline.local', password: 'sweepline-demo-1' };
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

/** True when the canvas has a pixel that is not transparent: chart.js drew on it. */
function canvasDrawn(page: Page): Promise<boolean> {
  return page.locator('canvas[data-drawn-label]').evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
    return false;
  });
}

describe('the demo account', () => {
  let watched: WatchedPage;

  beforeAll(async () => {
    watched = await openPage(browser, api.url);
    await logIn(watched.page, DEMO.email, DEMO.password);
  });

  it.each([
    ['daily-test', 'Daily Tested Units'],
    ['daily-pass-rate', 'Daily Pass Rate'],
    ['ftpy', 'First Time Pass Yield'],
    ['tpy', 'Throughput Yield'],
  ])('draws /report/%s over the last month', async (path, title) => {
    const { page, screenshot } = watched;
    await page.goto(`/report/${path}`);
    const chart = page.locator('canvas[data-drawn-label]');
    await chart.waitFor();
    const first = await chart.getAttribute('data-drawn-label');
    expect(first).toMatch(new RegExp(`^${title}, `));
    await page.getByRole('button', { name: 'Dates' }).click();
    await page.getByRole('button', { name: 'Last Month' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    // the chart of the new range is on screen once the canvas carries its label
    await page.waitForFunction(
      (before) => document.querySelector('canvas')?.getAttribute('data-drawn-label') !== before,
      first,
    );
    expect(await canvasDrawn(page)).toBe(true);
    await screenshot(`report-${path}`);
  });
});

describe('the provider administrator', () => {
  it.each([
    ['usage', 'Usage', 'Usage'],
    ['bill', 'Bill', null],
    ['accounts', 'Accounts', 'Accounts'],
  ])('opens /ht/%s', async (path, heading, table) => {
    const { page, screenshot } = await openPage(browser, api.url);
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/ht/${path}`);
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    if (table) await page.getByRole('table', { name: table }).waitFor();
    else await page.getByRole('combobox', { name: 'Month' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(`back-office-${path}`);
  });
});
