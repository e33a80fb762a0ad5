import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { startApi, type RunningApi } from './support/api-server';
import { openPage, type WatchedPage } from './support/browser';
import { makeFloorProduct } from './support/floor-product';
import { signUpAndLogIn, storedSession } from './support/flows';
import { LabPc } from './support/lab-pc';
import { startApiAndBrowser } from './support/start';

// Issue 25, "Done means": the Stations screen open in chromium while the runner runs units on the
// simulators. The card goes through its states live (no reload), ends on PASS, and the next unit
// replaces it. Then the API is stopped and started again under the open board: the screen says
// the connection is lost, then that it is back, and shows the next change. Screenshots in
// artifacts/web-e2e/stations-*.png.

jest.setTimeout(240_000);

const MANAGER = { account: 'Floor RF', email: 'floor@example.com', password: 'floor-pass-1', name: 'Fiona' };
const STATION = 'LINE-1 BENCH-4';

let api: RunningApi;
let browser: Browser;
let watched: WatchedPage;
let lab: LabPc;
/** Ours, not the API's: the API is restarted on it (its embedded database, so the session lives on). */
const dataDir = mkdtempSync(join(tmpdir(), 'sweepline-web-stations-'));

beforeAll(async () => {
  ({ api, browser } = await startApiAndBrowser({}, { dataDir }));
  watched = await openPage(browser, api.url);
  await signUpAndLogIn(watched.page, api.outboxDir, MANAGER);
  const session = await storedSession(watched.page);
  const { token } = await makeFloorProduct(api.url, session, 'F-900', ['W-001', 'W-002', 'W-003']);
  lab = await LabPc.start(api.url, token, STATION);
}, 180_000);

afterAll(async () => {
  await lab?.stop();
  await browser?.close();
  await api?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Waits for the card to show `text`, and shoots the screen. */
async function sees(card: Locator, text: string | RegExp, shot: string) {
  await card.getByText(text).first().waitFor({ timeout: 60_000 });
  await watched.screenshot(`stations-${shot}`);
}

describe('Stations', () => {
  it('follows a unit through its states to PASS, then the next unit replaces it', async () => {
    const { page, errors } = watched;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stations' }).click();
    await page.getByRole('heading', { name: 'Stations' }).waitFor();
    await page.getByText('No station has reported yet').waitFor();
    await watched.screenshot('stations-empty');

    const first = lab.runUnit('F-900', 'W-001');
    const card = page.getByRole('article', { name: STATION });
    await sees(card, 'Calibrating', 'calibrating');
    await sees(card, /^Step [1-4] of 4$/, 'testing');
    await card.getByText('Testing').first().waitFor();
    const passed = card.getByRole('status', { name: 'Last verdict PASS, serial number W-001' });
    await passed.waitFor({ timeout: 60_000 });
    await watched.screenshot('stations-pass');
    expect((await first).code).toBe(0);
    await expect(card.getByLabel('Today').textContent()).resolves.toBe(
      'Today: 1 unit · 1 passed · 0 failed · first-pass yield 100.0 %',
    );

    const second = lab.runUnit('F-900', 'W-002');
    await sees(card, 'Serial number: W-002', 'next-unit');
    expect(await passed.count()).toBe(0);
    await card
      .getByRole('status', { name: 'Last verdict PASS, serial number W-002' })
      .waitFor({ timeout: 60_000 });
    await watched.screenshot('stations-next-pass');
    expect((await second).code).toBe(0);
    expect(await card.getByLabel('Today').textContent()).toContain('2 units · 2 passed');
    expect(errors).toEqual([]);
  });

  it('says when its connection drops and comes back, then shows the next change', async () => {
    const { page, errors } = watched;
    const card = page.getByRole('article', { name: STATION });
    await card.getByText('Serial number: W-002').waitFor();
    // the API's shutdown ends every stream, and its tickets cannot be had while it is down
    await api.stop();
    await page.getByRole('alert').filter({ hasText: 'Connection lost' }).waitFor({ timeout: 20_000 });
    await watched.screenshot('stations-connection-lost');
    // the last state stays on the card meanwhile
    expect(await card.getByText('Serial number: W-002').count()).toBe(1);

    api = await startApi({}, { dataDir, port: api.port });
    await page.getByRole('status').filter({ hasText: 'Connected again' }).waitFor({ timeout: 30_000 });
    await watched.screenshot('stations-connection-back');
    expect(await page.getByRole('alert').filter({ hasText: 'Connection lost' }).count()).toBe(0);

    const third = lab.runUnit('F-900', 'W-003');
    await sees(card, 'Serial number: W-003', 'after-reconnect');
    await card
      .getByRole('status', { name: 'Last verdict PASS, serial number W-003' })
      .waitFor({ timeout: 60_000 });
    await watched.screenshot('stations-after-reconnect-pass');
    expect((await third).code).toBe(0);
    // the browser logs the ticket calls refused while the API is down; nothing else
    expect(errors.filter((e) => !/Failed to load resource: net::ERR_CONNECTION_REFUSED$/.test(e))).toEqual(
      [],
    );
  });
});
