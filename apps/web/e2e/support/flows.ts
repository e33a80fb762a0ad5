import { mailedLink } from '@sweepline/testing';
import type { Locator, Page } from 'playwright-core';

/** Whether `locator` shows within `timeout` ms. */
const shownWithin = (locator: Locator, timeout: number) =>
  locator.waitFor({ timeout }).then(
    () => true,
    () => false,
  );

/**
 * Ticks the proof-of-work checkbox and waits until the API accepted the solution. On a loaded
 * machine (CI runs the CLI's simulators beside the browser) a tick has gone unanswered: the
 * widget is ticked again, as a person would, unless it is still verifying.
 */
export async function verifyHuman(page: Page): Promise<void> {
  // the widget's own checkbox sits under its label: Playwright must be told to click anyway
  const checkbox = page.locator('altcha-widget input[type="checkbox"]');
  const verified = page.locator('p[aria-live="polite"]', { hasText: 'Verified' });
  const verifying = page.locator('altcha-widget [data-state="verifying"]');
  for (let tick = 1; tick <= 3; tick++) {
    await checkbox.click({ force: true });
    if (await shownWithin(verified, 15_000)) return;
    if ((await verifying.count()) > 0 && (await shownWithin(verified, 30_000))) return;
  }
  throw new Error('The verification never said Verified, after three ticks');
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await verifyHuman(page);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/product');
}

/** Where the web app keeps its session id (src/app/api-client.ts, session storage). */
export const SESSION_KEY = 'sweepline.session';

/** The signed-in page's session id, for the API's calls (x-auth-token) or another tab. */
export async function storedSession(page: Page): Promise<string> {
  const session = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);
  if (!session) throw new Error('The page holds no session: sign in first');
  return session;
}

export async function logOut(page: Page, userName: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: userName }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log In' }).waitFor();
}

/**
 * Waits until a field shows `value`, then holds it to that (the failure names what it showed). A
 * Mantine Select fills its input in an effect after the render that picked the option, so a
 * status drawn by that render can show a frame before the field does.
 */
export async function expectFieldValue(field: Locator, value: string): Promise<void> {
  const input = await field.elementHandle();
  await field
    .page()
    .waitForFunction(
      ([element, expected]) => (element as HTMLInputElement).value === expected,
      [input, value] as const,
      {
        timeout: 10_000,
      },
    )
    .catch(() => undefined);
  expect(await field.inputValue()).toBe(value);
}

/** True when the page is no wider than the window (nothing to scroll sideways). */
export function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/**
 * True when, within two seconds, the page fits the window: nothing to scroll sideways, nor up and
 * down when `height` is asked too. A layout chosen by a media query in script settles a render
 * after a resize, so this waits for it rather than judging the first frame.
 */
export function settlesToFit(page: Page, { height }: { height: boolean }): Promise<boolean> {
  return page
    .waitForFunction(
      (checkHeight) => {
        const root = document.documentElement;
        return (
          root.scrollWidth <= window.innerWidth && (!checkHeight || root.scrollHeight <= window.innerHeight)
        );
      },
      height,
      { timeout: 2000 },
    )
    .then(
      () => true,
      () => false,
    );
}

export interface NewManager {
  account: string;
  email: string;
  password: string;
  name: string;
}

/** A new account's manager: signed up, activated from the mailed link, and logged in. */
export async function signUpAndLogIn(page: Page, outboxDir: string, manager: NewManager): Promise<void> {
  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'Account name' }).fill(manager.account);
  await page.getByRole('textbox', { name: 'Manager email' }).fill(manager.email);
  await verifyHuman(page);
  await page.getByLabel(/^Manager password/).fill(manager.password);
  await page.getByLabel(/^Confirm password/).fill(manager.password);
  await page.getByRole('textbox', { name: 'Manager name' }).fill(manager.name);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page
    .getByRole('dialog', { name: 'Signed Up Successfully' })
    .getByRole('button', { name: 'OK' })
    .click();
  await page.goto((await mailedLink(outboxDir, manager.email, '/activate')).href);
  await page.getByRole('button', { name: 'Activate' }).click();
  await page.getByText('Your account is activated').waitFor();
  await logIn(page, manager.email, manager.password);
}
