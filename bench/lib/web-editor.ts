/**
 * Issue 12 targets, in headless chromium against the built API and web app on the PostgreSQL
 * server: the first paint of /product for an account of 50 products x 10 tests x 30 steps (under
 * 1 s), and, on a 500-step test, selecting a step and typing in a parameter field (each under
 * 50 ms to the next paint). Each shape gets its own database and API, seeded in bulk.
 */
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '@sweepline/testing';
import { buildApi, startApi } from './api-process';
import { createDatabase, DEFAULT_SERVER_URL, dropDatabase, seed, type Shape } from './bench-db';

const LOADS = 5;
const CLICKS = 20;
const KEYS = 'Attenuation check';
/** The session id's key in session storage (apps/web/src/app/api-client.ts). */
const TOKEN_KEY = 'sweepline.session';

interface Served {
  origin: string;
  token: string;
  stop(): Promise<void>;
}

async function serve(name: string, shape: Shape): Promise<Served> {
  const url = await createDatabase(DEFAULT_SERVER_URL, name);
  const api = await startApi(url);
  const { token } = await seed(url, shape);
  return {
    origin: api.baseUrl.replace(/\/webcyc\/api$/, ''),
    token,
    async stop() {
      await api.stop();
      await dropDatabase(DEFAULT_SERVER_URL, name);
    },
  };
}

/** A fresh context (empty cache) signed in with the seeded manager's session. */
async function signedInPage(browser: Browser, served: Served): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  await context.addInitScript(
    ([key, token]) => sessionStorage.setItem(key!, token!),
    [TOKEN_KEY, served.token],
  );
  return context.newPage();
}

/** Waits, a frame at a time, until the Test Steps list holds `steps` options. */
async function stepsShown(page: Page, steps: number): Promise<void> {
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('[role="listbox"][aria-label="Test Steps"] [role="option"]').length === n,
    steps,
    { polling: 'raf', timeout: 60_000 },
  );
}

/**
 * Records, for each mousedown and keydown, the time to the next paint: the frame after the
 * event's work (requestAnimationFrame, then a task once that frame is drawn).
 */
function recordLatencies(page: Page): Promise<void> {
  // a string, not a function: tsx would wrap named functions in a helper the page lacks
  return page.evaluate(`{
    const seen = [];
    window.latencies = seen;
    const measure = (event) => {
      const start = event.timeStamp;
      requestAnimationFrame(() => setTimeout(() => seen.push(performance.now() - start), 0));
    };
    document.addEventListener('mousedown', measure, true);
    document.addEventListener('keydown', measure, true);
  }`);
}

async function takeLatencies(page: Page): Promise<number[]> {
  await page.waitForTimeout(300);
  return page.evaluate<number[]>('window.latencies.splice(0)');
}

function summary(label: string, values: number[], target: number): boolean {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
  console.log(
    `${label}: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, worst ${sorted.at(-1)!.toFixed(1)} ms ` +
      `over ${values.length} (target under ${target} ms)`,
  );
  return p95 < target;
}

async function firstPaint(browser: Browser): Promise<boolean> {
  const served = await serve('sweepline_bench_web_editor_big', {
    products: 50,
    testsPerProduct: 10,
    stepsPerTest: 30,
  });
  try {
    const times: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      const page = await signedInPage(browser, served);
      await page.goto(`${served.origin}/product`, { waitUntil: 'commit' });
      // first paint of the screen: products, the first product's tests and the first test's steps
      await stepsShown(page, 30);
      times.push(await page.evaluate<number>('performance.now()'));
      await page.context().close();
    }
    return summary('first paint of /product, 50 x 10 x 30 (cold loads)', times, 1000);
  } finally {
    await served.stop();
  }
}

async function bigTest(browser: Browser): Promise<boolean> {
  const served = await serve('sweepline_bench_web_editor_long', {
    products: 1,
    testsPerProduct: 1,
    stepsPerTest: 500,
  });
  try {
    const page = await signedInPage(browser, served);
    await page.goto(`${served.origin}/product`);
    await stepsShown(page, 500);
    await recordLatencies(page);
    const steps = page.getByRole('listbox', { name: 'Test Steps' }).getByRole('option');
    for (let i = 0; i < CLICKS; i++) {
      await steps.nth(200 + i * 7).click();
      await page.waitForTimeout(100);
    }
    const clicks = await takeLatencies(page);
    const title = page
      .getByRole('region', { name: 'Step Parameters' })
      .getByRole('textbox', { name: 'Title' });
    await title.click();
    await takeLatencies(page);
    await title.pressSequentially(KEYS, { delay: 60 });
    const keys = await takeLatencies(page);
    const ok1 = summary('select a step of a 500-step test', clicks, 50);
    const ok2 = summary('type in a parameter field of a 500-step test', keys, 50);
    await page.context().close();
    return ok1 && ok2;
  } finally {
    await served.stop();
  }
}

/** Runs both measurements; false when a target is missed. The web app must be built already. */
export async function editorBench(): Promise<boolean> {
  buildApi();
  const browser = await launchChromium();
  try {
    const paint = await firstPaint(browser);
    const interactions = await bigTest(browser);
    console.log(`Chromium ${browser.version()}`);
    return paint && interactions;
  } finally {
    await browser.close();
  }
}
