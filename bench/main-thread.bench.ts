/**
 * Issue 43: the main thread's work on a screen's first load, by kind and by script, for one or
 * more builds of the web app side by side (docs/performance.md, "Lighthouse"). Lighthouse's score
 * on a machine shared with other work follows the neighbours; this counts the page's own work in a
 * Chromium trace at a phone's CPU (throttled × 4, Lighthouse's mobile factor) and alternates the
 * builds load by load, so a before and an after meet the same load.
 *
 *   npx tsx bench/main-thread.bench.ts --web=<dir>[,<dir>…] [--screens=/stations,/product]
 *     [--rounds=3] [--api=<main.js>] [--width=412] [--traces=<dir>]
 *
 * Each build is served by an API of its own (SWEEPLINE_WEB_DIR) on one database seeded with the
 * demo account (BENCH_DATABASE names it); every load is a fresh context (empty cache), signed in
 * as the demo's manager, traced from the navigation until the screen's content shows and
 * `SETTLE_MS` more. The kinds are Lighthouse's own (its tracehouse, as its
 * mainthread-work-breakdown and bootup-time audits count them); "blocking" sums each task's time
 * beyond 50 ms, Lighthouse's total blocking time over the whole load. `--traces` keeps each trace,
 * to open in Chromium's performance panel. Screens: /stations, /product, /sn, /tr (the demo's
 * recent run), /report/daily-test, /report/control.
 * Playwright enables DevTools' Runtime domain, so V8 keeps a detailed stack of every Error, and
 * react-dom makes five as it loads: the first chunk is parsed again for their source positions,
 * about 0.6 s of each load at × 4, the same in every build (docs/performance/history/lighthouse.md,
 * "ninth pass"). Differences between builds hold; a user without DevTools does not pay it.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { basename, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium, startBuiltApi, type BuiltApi } from '@sweepline/testing';
import { createDatabase, DEFAULT_SERVER_URL, dropDatabase } from './lib/bench-db';
import { seedDemoSession, type DemoSession } from './lib/demo-session';
import { mainThreadOf, TRACE_CATEGORIES, type MainThread } from './lib/main-thread-trace';

/** Lighthouse's mobile preset slows the CPU this much. */
const CPU_SLOWDOWN = 4;
/** After the content shows: the calls that follow it and their renders count too. */
const SETTLE_MS = 2_000;
/** The web app's key for the session token (apps/web/src/app/api-client.ts). */
const TOKEN_KEY = 'sweepline.session';

/**
 * What shows that a screen has drawn its content (not its loading state): an element, or a text
 * of the page. Looked for four times a second from outside: a selector engine polling every frame
 * would add its own work to the page's main thread.
 */
const READY: Record<string, { selector: string; text?: string }> = {
  // the demo seed has no station that reported: the board's empty state is its content there
  '/stations': { selector: 'section[aria-label="Stations"] article', text: 'No station has reported yet' },
  '/product': { selector: '[role="listbox"][aria-label="Test Steps"] [role="option"]' },
  '/sn': { selector: '[aria-label="Serial Numbers"] [role="option"]' },
  // a chart's canvas in place (the run's trace, the report's bars, the individuals chart): the
  // answer is drawn; the chart itself is made once near the viewport (libs/ui ChartBox)
  '/tr': { selector: 'canvas' },
  '/report/daily-test': { selector: 'canvas' },
  '/report/control': { selector: 'canvas' },
};
const POLL_MS = 250;

const option = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

function checkedOptions() {
  const webs = option('web')?.split(',').filter(Boolean) ?? [];
  if (webs.length === 0) throw new Error('Give the web builds to compare: --web=<dir>[,<dir>…]');
  const notBuilt = webs.filter((web) => !existsSync(join(web, 'index.html')));
  if (notBuilt.length > 0) throw new Error(`Not a web build (no index.html): ${notBuilt.join(', ')}`);
  const screens = (option('screens') ?? '/stations,/product').split(',');
  const unknown = screens.filter((s) => !(s in READY));
  if (unknown.length > 0)
    throw new Error(`No ready mark for ${unknown.join(', ')}: one of ${Object.keys(READY).join(', ')}`);
  const rounds = Number(option('rounds') ?? 3);
  const width = Number(option('width') ?? 412);
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error('--rounds must be a whole number of 1 or more');
  if (!Number.isInteger(width) || width < 320)
    throw new Error('--width must be a whole number of pixels, 320 or more');
  return { webs, screens, rounds, width, traces: option('traces'), api: option('api') };
}

interface Load extends MainThread {
  /** From the navigation to the content's first showing, ms (at the throttled CPU). */
  readyMs: number;
}

/** The address of `screen`: /tr opens the demo's recent run, as Lighthouse's bench does. */
function pathOf(screen: string, session: DemoSession): string {
  const { sn, id } = session.run;
  return screen === '/tr' ? `/tr?sn=${encodeURIComponent(sn)}&run=${id}` : screen;
}

async function traceLoad(
  browser: Browser,
  origin: string,
  screen: string,
  session: DemoSession,
  width: number,
): Promise<{ load: Load; trace: Buffer }> {
  const context = await browser.newContext({ viewport: { width, height: Math.round(width * 2) } });
  try {
    await context.addInitScript(
      ([key, value]) => sessionStorage.setItem(key!, value!),
      [TOKEN_KEY, session.token],
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const start = Date.now();
    await page.goto(`${origin}${pathOf(screen, session)}`);
    await page.waitForFunction(
      ({ selector, text }) =>
        document.querySelector(selector) !== null ||
        (text !== undefined && document.body.textContent!.includes(text)),
      READY[screen]!,
      { polling: POLL_MS, timeout: 60_000 },
    );
    const readyMs = Date.now() - start;
    await page.waitForTimeout(SETTLE_MS);
    const trace = await browser.stopTracing();
    return { load: { ...(await mainThreadOf(JSON.parse(trace.toString()))), readyMs }, trace };
  } finally {
    await context.close();
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;

function printLoad(web: string, screen: string, round: number, load: Load): void {
  const kinds = Object.entries(load.byKind)
    .sort(([, a], [, b]) => b - a)
    .map(([kind, time]) => `${kind} ${ms(time)}`);
  console.log(
    `| ${screen} | ${basename(web)} | ${round} | ${ms(load.totalMs)} | ${ms(load.cpuMs)} | ${ms(load.scriptMs)} | ${ms(load.longestTaskMs)} | ${ms(load.blockingMs)} | ${ms(load.readyMs)} | ${loadavg()[0]!.toFixed(1)} |`,
  );
  console.log(`    by kind: ${kinds.join(', ')}`);
  const scripts = load.scriptByUrl.slice(0, 5).map(([url, time]) => `${basename(url)} ${ms(time)}`);
  console.log(`    script by file: ${scripts.join(', ')}`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const { webs, screens, rounds, width, traces, api: apiMain } = checkedOptions();
  if (traces) mkdirSync(traces, { recursive: true });
  const name = process.env['BENCH_DATABASE'] ?? `sweepline_bench_mainthread_${process.pid}`;
  const serverUrl = process.env['DATABASE_URL'] || DEFAULT_SERVER_URL;
  const url = await createDatabase(serverUrl, name);
  const apis: BuiltApi[] = [];
  try {
    for (const web of webs) {
      apis.push(
        await startBuiltApi({
          prefix: 'sweepline-mainthread',
          databaseUrl: url,
          env: { NODE_ENV: 'production', SWEEPLINE_WEB_DIR: web },
          main: apiMain,
          echoErrors: true,
        }),
      );
    }
    console.log('seeding the demo account…');
    const session = await seedDemoSession(url);
    const browser = await launchChromium();
    const totals = new Map<string, { totalMs: number[]; cpuMs: number[]; blockingMs: number[] }>();
    try {
      console.log(
        `${browser.version()}, CPU × ${CPU_SLOWDOWN}, ${width} px wide, load average ${loadavg()[0]!.toFixed(1)}`,
      );
      console.log(
        '| screen | build | round | main thread | its CPU time | script evaluation | longest task | blocking | content shown | load average |',
      );
      console.log('|---|---|---|---|---|---|---|---|---|---|');
      for (let round = 1; round <= rounds; round++) {
        for (const screen of screens) {
          // the builds take turns leading, so neither always meets the other's leftovers
          const order = webs.map((_, i) => (i + round) % webs.length);
          for (const i of order) {
            const { load, trace } = await traceLoad(browser, apis[i]!.url, screen, session, width);
            printLoad(webs[i]!, screen, round, load);
            const key = `${screen} ${webs[i]}`;
            const sums = totals.get(key) ?? { totalMs: [], cpuMs: [], blockingMs: [] };
            totals.set(key, {
              totalMs: [...sums.totalMs, load.totalMs],
              cpuMs: [...sums.cpuMs, load.cpuMs],
              blockingMs: [...sums.blockingMs, load.blockingMs],
            });
            if (traces) {
              const file = `${screen.replace(/\W/g, '') || 'home'}-${basename(webs[i]!)}-${round}.json`;
              writeFileSync(join(traces, file), trace);
            }
          }
        }
      }
    } finally {
      await browser.close();
    }
    console.log('medians: main thread (each load); its CPU time (each load); blocking (each load):');
    const each = (values: number[]) => `${ms(median(values))} (${values.map(ms).join(', ')})`;
    for (const [key, { totalMs, cpuMs, blockingMs }] of totals) {
      console.log(`    ${key}: ${each(totalMs)}; ${each(cpuMs)}; ${each(blockingMs)}`);
    }
  } finally {
    for (const api of apis) await api.stop();
    await dropDatabase(serverUrl, name);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
