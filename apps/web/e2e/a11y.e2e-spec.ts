import type { Browser, Page } from 'playwright-core';
import { routes } from '../src/app/routes';
import type { RunningApi } from './support/api-server';
import { axeViolations } from './support/axe';
import { openPage, type WatchedPage } from './support/browser';
import { queryDemo } from './support/demo-seed';
import { logIn } from './support/flows';
import { screenPaths } from './support/route-paths';
import { startApiAndBrowser } from './support/start';

// Issue 28, "screens everyone can use": axe-core's WCAG 2.0/2.1 A and AA rules on every screen of
// the route table (so screens added later are covered without touching this file), signed out and
// signed in as each role of the demo account and as the provider administrator, since what a
// screen shows differs by role (the editor's tools, Settings, the back office). Any violation
// fails, listed with the screen and the element. Besides each screen as it opens, the states the
// first look misses: a found serial number on /tr with its run selected, and the dialogs that
// issue 28 names.

// about a hundred screens, each waited for and checked: minutes on a busy machine
jest.setTimeout(900_000);

const PASSWORD = 'sweepline-demo-1';
const ADMIN = { email: 'admin@sweepline.local', password: 'admin-pass-1' };
const MEMBERS = [
  { role: 'operator', email: 'operator@sweepline.local', password: PASSWORD },
  { role: 'editor', email: 'editor@sweepline.local', password: PASSWORD },
  { role: 'manager', email: 'demo@sweepline.local', password: PASSWORD },
  { role: 'administrator', ...ADMIN },
];

let api: RunningApi;
let browser: Browser;
/** The login-required screens: those a signed-out visit ends on /login for. */
const guarded: string[] = [];
let seededSn: string;

beforeAll(async () => {
  ({ api, browser } = await startApiAndBrowser(
    { SWEEPLINE_ADMIN_EMAIL: ADMIN.email, SWEEPLINE_ADMIN_PASSWORD: ADMIN.password },
    { demo: true },
  ));
  // a unit with a run of an older release than its test's newest (the demo's history, docs/seed.md):
  // /tr shows the note that marks it
  const [unit] = await queryDemo<{ sn: string }>(
    api,
    `SELECT r.sn FROM run r
      WHERE r.release_no < (SELECT max(no) FROM seq_release x WHERE x.seq_id = r.seq_id AND x.state = 'released')
      ORDER BY r.start_time DESC LIMIT 1`,
  );
  seededSn = unit!.sn;
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

/** The screen has loaded: its calls answered, the loader gone, transitions ended. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // every loader: a slow screen may show its own and an overlay's at once
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[aria-label="Loading"]')].every((loader) => !loader.checkVisibility()),
  );
  await page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)));
}

/** Checks the screen as it is now; answers its violations, each named by the screen. */
async function check(watched: WatchedPage, name: string): Promise<string[]> {
  await settle(watched.page);
  await watched.screenshot(`a11y-${name.replace(/[^\w-]+/g, '_')}`);
  return (await axeViolations(watched.page)).map((v) => `${name}: ${v}`);
}

/** Checks each path's screen once: a page this role may not open sends it to one already checked. */
async function visitAll(watched: WatchedPage, who: string, paths: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  const checked = new Set<string>();
  for (const path of paths) {
    await watched.page.goto(path);
    await settle(watched.page);
    const landed = new URL(watched.page.url()).pathname;
    if (checked.has(landed)) continue;
    checked.add(landed);
    found.push(...(await check(watched, `${who} ${path}`)));
  }
  return found;
}

it('walks a route table of every screen', () => {
  // a broken walk would pass with nothing visited
  expect(screenPaths(routes)).toEqual(
    expect.arrayContaining(['/', '/product', '/sn', '/tr', '/report/daily-test', '/Setting', '/guide/faq']),
  );
});

it('finds no WCAG A or AA violation on any screen, signed out', async () => {
  const watched = await openPage(browser, api.url);
  const found: string[] = [];
  for (const path of screenPaths(routes)) {
    await watched.page.goto(path);
    await settle(watched.page);
    // a login-required screen sends a signed-out visit to /login, checked on its own
    if (new URL(watched.page.url()).pathname === '/login' && path !== '/login') guarded.push(path);
    else found.push(...(await check(watched, `signed out ${path}`)));
  }
  expect(guarded).toEqual(expect.arrayContaining(['/product', '/sn', '/tr', '/Setting']));
  expect(found).toEqual([]);
  expect(watched.errors).toEqual([]);
  await watched.page.context().close();
});

describe.each(MEMBERS)('signed in as the $role', (member) => {
  let watched: WatchedPage;

  beforeAll(async () => {
    watched = await openPage(browser, api.url);
    await logIn(watched.page, member.email, member.password);
  });

  afterAll(() => watched.page.context().close());

  it('finds no WCAG A or AA violation on the home page and any login-required screen', async () => {
    // the open screens differ from a signed-out visit by the header only, which '/' shows
    expect(await visitAll(watched, member.role, ['/', ...guarded])).toEqual([]);
  });

  if (member.role !== 'administrator') {
    it('finds none on /tr with a run selected, nor in the Jump To Stage dialog', async () => {
      const { page } = watched;
      await page.goto('/tr');
      await page.getByRole('textbox', { name: 'Serial number' }).fill(seededSn);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('table', { name: 'Test Steps' }).waitFor();
      await page.getByRole('table', { name: 'Runs', exact: true }).getByRole('note').first().waitFor();
      const found = await check(watched, `${member.role} /tr with a run`);
      await page.goto('/sn');
      await page.getByRole('listbox', { name: 'Serial numbers' }).getByRole('option').first().click();
      await page.getByRole('button', { name: 'Jump to Stage' }).click();
      await page
        .getByRole('dialog', { name: 'Jump To Stage' })
        .getByRole('combobox', { name: 'Stage' })
        .click();
      found.push(...(await check(watched, `${member.role} /sn Jump To Stage`)));
      await page.keyboard.press('Escape');
      expect(found).toEqual([]);
    });
  }

  if (member.role === 'editor') {
    it('finds none in the Add Step dialog', async () => {
      const { page } = watched;
      await page.goto('/product');
      await settle(page);
      await page.getByRole('button', { name: 'Add step' }).click();
      await page.getByRole('dialog', { name: 'Add Step' }).waitFor();
      expect(await check(watched, `${member.role} /product Add Step`)).toEqual([]);
      await page.keyboard.press('Escape');
    });
  }

  it('logged no console errors', () => {
    expect(watched.errors).toEqual([]);
  });
});
