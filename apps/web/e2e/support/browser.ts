import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';

/** Screenshots of each screen, kept as test artifacts (artifacts/ is git-ignored). */
export const SCREENSHOTS = resolve(__dirname, '../../../../artifacts/web-e2e');

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

export interface WatchedPage {
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  screenshot(name: string): Promise<void>;
}

/** A page of its own context (own session storage) that records every console error. */
export async function openPage(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<WatchedPage> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    page,
    errors,
    screenshot: async (name) => {
      // drawers and dialogs slide in with CSS transitions: shoot once they have settled
      await page.evaluate(() =>
        Promise.allSettled(document.getAnimations().map((animation) => animation.finished)),
      );
      await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
    },
  };
}
