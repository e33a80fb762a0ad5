/**
 * Takes the guide pages' screenshots (apps/web/public/guide-images/*.webp) from the running
 * product: the built API and web app on a fresh embedded database with the demo seed, in Debian's
 * chromium, as the browser end-to-end tests run them. Run again when a screen changes:
 *   npx tsx apps/web/scripts/guide-screenshots.ts
 * (after `npx nx run-many -t build --projects=@sweepline/web,@sweepline/api`).
 * GUIDE_PNG_DIR=folder also keeps each PNG there, to look at before committing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { logIn, logOut } from '../e2e/support/flows';
import { ADMIN, openDemoStage, VIEWPORT } from './demo-stage';

const OUT = resolve(__dirname, '../public/guide-images');

/** The page as WebP (quality 0.8), encoded by the browser itself: a small file, no extra tool. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate('Promise.allSettled(document.getAnimations().map((a) => a.finished))');
  const shot = await page.screenshot({ type: 'png' });
  if (process.env.GUIDE_PNG_DIR) writeFileSync(join(process.env.GUIDE_PNG_DIR, `${name}.png`), shot);
  const png = shot.toString('base64');
  // no inner functions here: tsx would wrap them in a __name helper the page lacks
  const webp = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    canvas.getContext('2d')!.drawImage(image, 0, 0);
    return canvas.toDataURL('image/webp', 0.8).split(',')[1]!;
  }, png);
  writeFileSync(join(OUT, `${name}.webp`), Buffer.from(webp, 'base64'));
  console.log(`${name}.webp`);
}

/** Opens /product with a product's test and one of its steps selected (options named by regex). */
async function openStep(page: Page, product: string, test: RegExp, step: RegExp): Promise<void> {
  await page.goto('/product');
  const option = (list: string, name: string | RegExp) =>
    page.getByRole('listbox', { name: list }).getByRole('option', { name });
  await option('Products', product).click();
  await option('Tests', test).click();
  await option('Test Steps', step).first().click();
  await page.getByRole('form', { name: 'Step Parameters' }).waitFor();
  // the pointer off the lists, so no row shows its hover look
  await page.mouse.move(0, 0);
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const { api, browser, close } = await openDemoStage();
  try {
    // the API's policy forbids eval, which a string predicate of waitForFunction needs
    const context = await browser.newContext({ baseURL: api.url, viewport: VIEWPORT, bypassCSP: true });
    const page = await context.newPage();
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Sign Up' }).waitFor();
    await shoot(page, 'sign-up');
    await page.goto('/download');
    await page.getByRole('heading', { name: 'Install' }).waitFor();
    await shoot(page, 'download');
    await page.getByRole('region', { name: 'Install' }).scrollIntoViewIfNeeded();
    await shoot(page, 'install');
    await logIn(page, 'demo@sweepline.local', 'sweepline-demo-1');
    await page.goto('/sn');
    await page.getByRole('heading', { name: 'Serial Numbers' }).waitFor();
    await page.waitForTimeout(1000);
    await shoot(page, 'serial-numbers');
    await page.goto('/report/daily-pass-rate');
    await page.locator('canvas[data-drawn-label]').waitFor();
    await page.getByRole('button', { name: 'Dates' }).click();
    await page.getByRole('button', { name: 'Last Month' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    // the one-day default range is drawn first; wait for the month
    await page.waitForFunction(
      "!/(\\S+) -- \\1$/.test(document.querySelector('canvas')?.getAttribute('data-drawn-label') ?? '')",
    );
    await shoot(page, 'report');
    await openStep(page, 'BPF-600', /Pass band/, /Insertion Loss/);
    await shoot(page, 'products');
    await openStep(page, 'BPF-600', /Pass band/, /Alignment Check/);
    await shoot(page, 'create-tests');
    // the PIM test's fourth step: its swept tone
    await openStep(page, 'ANT-900', /PIM/, /^4 /);
    await shoot(page, 'auto-imd-test');
    await logOut(page, 'Dana Demo');
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/ht/bill');
    await page.getByRole('table').waitFor();
    await shoot(page, 'business-plan');
  } finally {
    await close();
  }
}

void main();
