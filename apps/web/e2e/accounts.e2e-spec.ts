import { execFileSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import type { RunningApi } from './support/api-server';
import { startApiAndBrowser } from './support/start';
import { DESKTOP, PHONE, openPage, type WatchedPage } from './support/browser';
import { fitsWidth, logIn, logOut, verifyHuman } from './support/flows';
import { mailedLink } from '@sweepline/testing';

// The account screens against the real API on the embedded PostgreSQL, in Debian's chromium
// (issue 6): sign up, activate from the mail, log in, add a user, who sets a password from the
// mail and logs in, log out; a signed-out visit to a guarded route; a phone width; no console
// errors anywhere.

// a browser step waits up to 15 s (support/browser.ts); a test holds several
jest.setTimeout(60_000);

const MANAGER = { account: 'Acme RF', email: 'ann@acme.example', password: 'secret123', name: 'Ann' };
const USER = { name: 'alan', email: 'alan@acme.example', password: 'better123' };

let api: RunningApi;
let browser: Browser;
const pages: WatchedPage[] = [];

async function open(viewport = DESKTOP): Promise<WatchedPage> {
  const watched = await openPage(browser, api.url, viewport);
  pages.push(watched);
  return watched;
}

beforeAll(async () => {
  ({ api, browser } = await startApiAndBrowser());
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

describe('signed out', () => {
  it('shows the home page', async () => {
    const { page, screenshot } = await open();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Online RF production testing' }).waitFor();
    expect(await page.getByRole('region').count()).toBe(7);
    await screenshot('home');
  });

  it('sends a visit of a guarded route to the log-in page', async () => {
    const { page, screenshot } = await open();
    await page.goto('/Setting');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Log In' }).waitFor();
    await screenshot('login');
  });
});

describe('an account from sign-up to a second user', () => {
  let manager: WatchedPage;

  beforeAll(async () => {
    manager = await open();
  });

  it('signs up', async () => {
    const { page, screenshot } = manager;
    await page.goto('/signup');
    await page.getByRole('textbox', { name: 'Account name' }).fill(MANAGER.account);
    await page.getByRole('textbox', { name: 'Manager email' }).fill(MANAGER.email);
    await verifyHuman(page);
    await page.getByLabel(/^Manager password/).fill(MANAGER.password);
    await page.getByLabel(/^Confirm password/).fill(MANAGER.password);
    await page.getByRole('textbox', { name: 'Manager name' }).fill(MANAGER.name);
    await screenshot('signup');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Signed Up Successfully' });
    await dialog.getByText(/junk mail/).waitFor();
    await screenshot('signup-success');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`${api.url}/`);
  });

  it('activates the account from the mailed link', async () => {
    const { page, screenshot } = manager;
    await page.goto((await mailedLink(api.outboxDir, MANAGER.email, '/activate')).href);
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.getByText('Your account is activated').waitFor();
    await screenshot('activate');
  });

  it('logs in and lands on the products screen', async () => {
    const { page, screenshot } = manager;
    await logIn(page, MANAGER.email, MANAGER.password);
    await page.getByRole('heading', { name: 'Products', level: 2 }).waitFor();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: MANAGER.name })
      .waitFor();
    await screenshot('product-placeholder');
  });

  it('opens Settings from the user menu and shows the password form', async () => {
    const { page, screenshot } = manager;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: MANAGER.name }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL('**/Setting');
    await page.getByRole('region', { name: 'Account' }).getByText(MANAGER.account).waitFor();
    await page.getByRole('button', { name: 'Change manager password' }).click();
    await page.waitForURL('**/ModifyPass');
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    await screenshot('modify-pass');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/Setting');
  });

  it('adds a user, who gets a set-password mail', async () => {
    const { page, screenshot } = manager;
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(USER.name);
    await dialog.getByRole('textbox', { name: 'Email' }).fill(USER.email);
    await screenshot('user-dialog');
    await dialog.getByRole('textbox', { name: 'Email' }).press('Enter');
    const row = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: /alan/ });
    await row.getByText('Waiting to activate').waitFor();
    expect(await row.getAttribute('aria-selected')).toBe('true');
    await screenshot('settings');
    await mailedLink(api.outboxDir, USER.email, '/ResetPass');
  });

  it("downloads the account's own export from Settings, as an archive the browser saves", async () => {
    const { page, screenshot } = manager;
    const section = page.getByRole('region', { name: 'Your data' });
    await screenshot('settings-export');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Export all data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sweepline-export-\d{4}-\d\d-\d\d\.tar$/);
    const listed = execFileSync('tar', ['-tf', (await download.path())!], { encoding: 'utf8' }).split('\n');
    expect(listed).toEqual(
      expect.arrayContaining(['sweepline-export/account.json', 'sweepline-export/summary.json']),
    );
    await page.getByRole('table', { name: 'Users' }).waitFor(); // the page stayed where it was
  });

  it('lets the new user choose a password from the mail', async () => {
    const { page, screenshot } = await open();
    await page.goto((await mailedLink(api.outboxDir, USER.email, '/ResetPass')).href);
    await page.getByLabel(/^New password/).fill(USER.password);
    await page.getByLabel(/^Confirm password/).fill(USER.password);
    await screenshot('reset-pass');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('dialog', { name: 'Password Changed' }).getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`${api.url}/`);
  });

  it('logs the new user in as an operator, without Settings, and out again', async () => {
    const { page } = await open();
    await logIn(page, USER.email, USER.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: USER.name }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Settings' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await logOut(page, USER.name);
    await page.goto('/product');
    await page.waitForURL('**/login');
  });

  it('sends the operator who types /Setting or /ht to the products, with a short info', async () => {
    const { page, screenshot } = await open();
    await logIn(page, USER.email, USER.password);
    for (const [url, info] of [
      ['/Setting', 'Settings are for the manager of the account.'],
      ['/ht/bill', 'The back office is for the provider administrator only.'],
    ] as const) {
      await page.goto(url);
      await page.getByText(info).waitFor();
      await page.waitForURL('**/product');
      expect(await page.getByRole('dialog').count()).toBe(0);
      await screenshot(`operator-sent-from${url.replaceAll('/', '-')}`);
    }
    await logOut(page, USER.name);
  }, 120_000); // a log-in and two full page loads

  it('shows the user as activated to the manager', async () => {
    const { page } = manager;
    await page.reload();
    const row = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: /alan/ });
    await row.getByText('Activated').waitFor();
    await logOut(page, MANAGER.name);
  });
});

describe('other screens', () => {
  it('shows the forgotten-password form with the e-mail of the log-in form', async () => {
    const { page, screenshot } = await open();
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(MANAGER.email);
    await page.getByRole('link', { name: 'Forgotten password' }).click();
    await page.waitForURL('**/ForgetPass?email=*');
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(MANAGER.email);
    await screenshot('forget-pass');
  });
});

describe('at a phone width (375 px)', () => {
  it('fits the home page and offers the burger menu', async () => {
    const { page, screenshot } = await open(PHONE);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Online RF production testing' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log In' }).isVisible(),
    ).toBe(false);
    await page.getByRole('button', { name: 'Open the menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Sweepline' });
    await drawer.getByRole('link', { name: 'Sign Up for Free Trial' }).waitFor();
    await screenshot('phone-menu');
    await drawer.getByRole('link', { name: 'Log In' }).click();
    await page.waitForURL('**/login');
    expect(await fitsWidth(page)).toBe(true);
    await screenshot('phone-login');
  });

  it("folds a section's side menu behind a button that names the open page", async () => {
    const { page, screenshot } = await open(PHONE);
    await page.goto('/guide/faq');
    const menu = page.getByRole('navigation', { name: 'Guides' });
    const fold = menu.getByRole('button', { name: 'Guides: FAQ' });
    await fold.waitFor();
    // folded, the page's own title is the first thing under the header
    expect(await menu.getByRole('link', { name: 'Tutorials' }).isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: 'FAQ', level: 1 }).isVisible()).toBe(true);
    await fold.click();
    await menu.getByRole('link', { name: 'Tutorials' }).click();
    await page.waitForURL('**/guide/tutorials');
    await menu.getByRole('button', { name: 'Guides: Tutorials', expanded: false }).waitFor();
    expect(await menu.getByRole('link', { name: 'FAQ' }).isVisible()).toBe(false);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot('phone-section-menu');
  });

  it('logs in with the keyboard alone and fits Settings', async () => {
    const { page, screenshot } = await open(PHONE);
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).focus();
    await page.keyboard.type(MANAGER.email);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.locator('p[aria-live="polite"]', { hasText: 'Verified' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('password');
    await page.keyboard.type(MANAGER.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/product');
    await page.goto('/Setting');
    const users = page.getByRole('table', { name: 'Users' });
    await users.getByText(USER.email).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    // the table scrolls sideways on a phone; its scrollbar must not hide the last user
    const bar = page
      .locator('.mantine-ScrollArea-root', { has: users })
      .locator('.mantine-ScrollArea-scrollbar[data-orientation="horizontal"]');
    const lastRow = users.getByRole('row').last();
    const barTop = (await bar.boundingBox())!.y;
    const rowBox = (await lastRow.boundingBox())!;
    expect(rowBox.y + rowBox.height).toBeLessThanOrEqual(barTop + 0.5);
    await screenshot('phone-settings');
  });
});

describe('the whole run', () => {
  it('logged no console errors in any page', () => {
    expect(pages.flatMap((p) => p.errors)).toEqual([]);
  });
});
