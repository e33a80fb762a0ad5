import type { Page } from 'playwright-core';

/** Ticks the proof-of-work checkbox and waits until the API accepted the solution. */
export async function verifyHuman(page: Page): Promise<void> {
  // the widget's own checkbox sits under its label: Playwright must be told to click anyway
  await page.locator('altcha-widget input[type="checkbox"]').click({ force: true });
  await page.locator('p[aria-live="polite"]', { hasText: 'Verified' }).waitFor();
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await verifyHuman(page);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL('**/product');
}

export async function logOut(page: Page, userName: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: userName }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log In' }).waitFor();
}

/** True when the page is no wider than the window (nothing to scroll sideways). */
export function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}
