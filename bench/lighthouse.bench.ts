/**
 * Issue 43: the first load of every screen, held to Lighthouse budgets. Builds the web app and the
 * API, runs the API (serving the built app, as `npm start` does) on a new database of the shared
 * PostgreSQL server seeded with the demo account (docs/seed.md), and runs Lighthouse 12.2.3 with
 * the mobile and the desktop presets over the public screens and, signed in as the demo's manager,
 * over the screens behind the sign-in. Prints each screen's scores and timings, and exits 1 when a
 * budget is missed (docs/performance.md, "Lighthouse"):
 *   - performance: mobile ≥ 90, desktop ≥ 98, on every screen;
 *   - accessibility, best practices and SEO 100 (SEO's crawlability audit left out behind the
 *     sign-in: robots.txt disallows those screens on purpose, docs/web.md);
 *   - the sign-in screen's first load ≤ 200 KiB transferred.
 * `--no-build` measures the builds already in apps/web/dist and apps/api/dist; `--web=<dir>` a web
 * build in that folder with the API of apps/api/dist (builds nothing), `--api=<main.js>` with that
 * API build instead (another session's half-edited apps/api/dist need not stop a measure);
 * `--screens=/,/login,/tr` only the screens of those paths. The sign-in screen's requests are listed with their bytes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBuiltApi } from '@sweepline/testing';
import { buildApi } from './lib/api-process';
import { createDatabase, DEFAULT_SERVER_URL, dropDatabase } from './lib/bench-db';
import { seedDemoSession } from './lib/demo-session';
import { LighthouseBrowser, type Preset, type ScreenFigures } from './lib/lighthouse-run';

/** One database per run: two runs at once (a before and an after build) must not share one. */
const DATABASE = `sweepline_bench_lighthouse_${process.pid}`;
const PRESETS: readonly Preset[] = ['mobile', 'desktop'];
const PERFORMANCE_BUDGET: Record<Preset, number> = { mobile: 0.9, desktop: 0.98 };
const SIGN_IN_BYTES_BUDGET = 200 * 1024;
/** Blocked from crawlers on purpose behind the sign-in (robots.txt), so not a miss there. */
const CRAWLABLE = 'is-crawlable';

interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
}

const PUBLIC_SCREENS: Screen[] = ['/', '/login', '/guide/faq', '/download'].map((path) => ({
  name: path,
  path,
  signedIn: false,
}));

function signedInScreens(run: { id: number; sn: string }): Screen[] {
  return [
    { name: '/product', path: '/product' },
    { name: '/sn', path: '/sn' },
    { name: '/tr, a run', path: `/tr?sn=${encodeURIComponent(run.sn)}&run=${run.id}` },
    { name: '/report/daily-test', path: '/report/daily-test' },
    { name: '/report/control', path: '/report/control' },
    { name: '/stations', path: '/stations' },
  ].map((s) => ({ ...s, signedIn: true }));
}

/**
 * Builds the web app into a folder of its own, which the API serves (SWEEPLINE_WEB_DIR): a build
 * of apps/web/dist by someone else while the bench runs must not change what it measures.
 */
function buildWeb(outDir: string): void {
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'],
    {
      cwd: join(__dirname, '../apps/web'),
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('vite build failed');
}

/** The budgets `figures` misses, in words; empty when all are met. */
function missedBudgets(screen: Screen, preset: Preset, figures: ScreenFigures): string[] {
  const missed: string[] = [];
  const { scores } = figures;
  if (scores.performance < PERFORMANCE_BUDGET[preset]) {
    missed.push(`performance ${pct(scores.performance)} < ${pct(PERFORMANCE_BUDGET[preset])}`);
  }
  if (scores.accessibility < 1) missed.push(`accessibility ${pct(scores.accessibility)}`);
  if (scores.bestPractices < 1) missed.push(`best practices ${pct(scores.bestPractices)}`);
  const seoMisses = figures.seoMisses.filter((id) => !(screen.signedIn && id === CRAWLABLE));
  if (seoMisses.length > 0) missed.push(`SEO ${pct(scores.seo)}`);
  if (screen.path === '/login' && figures.transferredBytes > SIGN_IN_BYTES_BUDGET) {
    missed.push(`sign-in first load ${kib(figures.transferredBytes)} > ${kib(SIGN_IN_BYTES_BUDGET)}`);
  }
  return missed;
}

const pct = (score: number) => (score * 100).toFixed(0);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function row(screen: Screen, preset: Preset, f: ScreenFigures, missed: string[]): string {
  const s = f.scores;
  return [
    screen.name,
    preset,
    pct(s.performance),
    pct(s.accessibility),
    pct(s.bestPractices),
    pct(s.seo),
    seconds(f.fcpMs),
    seconds(f.lcpMs),
    `${f.tbtMs.toFixed(0)} ms`,
    f.cls.toFixed(3),
    seconds(f.speedIndexMs),
    kib(f.transferredBytes),
    loadavg()[0]!.toFixed(1),
    missed.length === 0 ? 'met' : `MISSED: ${missed.join('; ')}`,
  ].join(' | ');
}

/** The value of `--name=value` on the command line. */
const option = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

/** The sign-in screen's requests, largest first, in KiB: what its budget is spent on. */
function printRequests(origin: string, figures: ScreenFigures): void {
  for (const request of figures.requests) {
    console.log(`    ${kib(request.transferredBytes).padStart(8)}  ${request.url.replace(origin, '')}`);
  }
}

/** The main thread's work by kind, largest first: what the blocking time is made of. */
function printMainThread(figures: ScreenFigures): void {
  const kinds = Object.entries(figures.mainThreadMs ?? {}).sort(([, a], [, b]) => b - a);
  console.log(`    main thread: ${kinds.map(([kind, ms]) => `${kind} ${ms} ms`).join(', ')}`);
}

async function main(): Promise<void> {
  const givenWeb = option('web');
  const build = !givenWeb && !process.argv.includes('--no-build');
  const webDir =
    givenWeb ??
    (build ? mkdtempSync(join(tmpdir(), 'sweepline-lighthouse-web-')) : join(__dirname, '../apps/web/dist'));
  if (build) {
    console.log('building the web app and the API…');
    buildWeb(webDir);
    buildApi();
  }
  const serverUrl = process.env['DATABASE_URL'] || DEFAULT_SERVER_URL;
  const url = await createDatabase(serverUrl, DATABASE);
  const cleanUp = async () => {
    await dropDatabase(serverUrl, DATABASE);
    if (build) rmSync(webDir, { recursive: true, force: true });
  };
  // an API that does not start (another session's half-built dist) leaves no database behind
  const api = await startBuiltApi({
    prefix: 'sweepline-lighthouse',
    databaseUrl: url,
    env: { NODE_ENV: 'production', SWEEPLINE_WEB_DIR: webDir },
    main: option('api'),
    echoErrors: true,
  }).catch(async (error: unknown) => {
    await cleanUp();
    throw error;
  });
  let missedAny = false;
  try {
    console.log('seeding the demo account…');
    const session = await seedDemoSession(url);
    const browser = await LighthouseBrowser.launch();
    try {
      console.log(`Lighthouse 12.2.3, ${await browser.version()}, load average ${loadavg()[0]!.toFixed(1)}`);
      console.log(
        '| screen | preset | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | speed index | transferred | load average | budgets |',
      );
      console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
      const named = option('screens')?.split(',');
      const screens = [...PUBLIC_SCREENS, ...signedInScreens(session.run)].filter(
        (s) => !named || named.includes(s.path.split('?')[0]!),
      );
      for (const screen of screens) {
        for (const preset of PRESETS) {
          const figures = await browser.measure(
            `${api.url}${screen.path}`,
            preset,
            screen.signedIn ? session.token : undefined,
          );
          const missed = missedBudgets(screen, preset, figures);
          if (missed.length > 0) missedAny = true;
          console.log(`| ${row(screen, preset, figures, missed)} |`);
          const misses = figures.misses.filter((id) => !(screen.signedIn && id === CRAWLABLE));
          if (misses.length > 0) console.log(`    failed audits: ${misses.join(', ')}`);
          if (screen.path === '/login' && preset === 'mobile') printRequests(api.url, figures);
          printMainThread(figures);
          for (const shift of figures.layoutShifts ?? [])
            console.log(`    layout shift ${shift.score.toFixed(3)}: ${shift.element}`);
        }
      }
      console.log(`load average at the end ${loadavg()[0]!.toFixed(1)}`);
    } finally {
      browser.close();
    }
  } finally {
    await api.stop();
    await cleanUp();
  }
  if (missedAny) {
    console.log('a Lighthouse budget is missed');
    process.exitCode = 1;
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
