import type { Browser, Page } from 'playwright-core';
import type { RunningApi } from './support/api-server';
import { DESKTOP, openPage, PHONE } from './support/browser';
import { queryDemo } from './support/demo-seed';
import { logIn, SESSION_KEY, storedSession } from './support/flows';
import { startApiAndBrowser } from './support/start';

// docs/web.md, "Nothing moves while a screen loads": the signed-in screens' first loads hold still
// on a desktop and on a phone, as Lighthouse measures them (its CLS). Each load is a new tab with
// the manager's stored session, as a bookmark opened anew: the header, the screen and the parts
// that arrive late (the release marks, asked 600 ms after the editor's answer) are all drawn by
// the time the page has settled. A shift fails, naming the elements that moved and how far.

jest.setTimeout(300_000);

const MANAGER = { email: 'demo@sweepline.local', password: 'sweepline-demo-1' };
/** Past the release marks' settle (600 ms) and their answer. */
const LATE_PARTS_MS = 1_500;

let api: RunningApi;
let browser: Browser;
let token: string;
let screens: string[];

beforeAll(async () => {
  ({ api, browser } = await startApiAndBrowser({}, { demo: true }));
  const watched = await openPage(browser, api.baseUrl);
  await logIn(watched.page, MANAGER.email, MANAGER.password);
  token = await storedSession(watched.page);
  await watched.page.context().close();
  const [run] = await queryDemo<{ id: string; sn: string }>(
    api,
    `SELECT r.id, r.sn FROM run r WHERE EXISTS (SELECT 1 FROM run_trace t WHERE t.run_id = r.id)
      ORDER BY r.start_time DESC LIMIT 1`,
  );
  screens = [
    '/product',
    '/sn',
    `/tr?sn=${encodeURIComponent(run!.sn)}&run=${run!.id}`,
    '/report/daily-test',
    '/report/control',
    '/stations',
  ];
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

/** Every layout shift of the page so far, with what moved: the browser's own entries. */
function shiftsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
}

/** Opens `path` in a new tab signed in, and answers its layout shifts once it has settled. */
async function loadShifts(path: string, viewport: typeof DESKTOP): Promise<string[]> {
  const { page } = await openPage(browser, api.baseUrl, viewport);
  try {
    await page.addInitScript(
      ([key, session]) => {
        sessionStorage.setItem(key!, session!);
        const shifts: string[] = [];
        (window as unknown as { shifts: string[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            const moved = entry.sources.map(({ node, previousRect: was, currentRect: now }) => {
              const what =
                node instanceof Element
                  ? `<${node.tagName.toLowerCase()}> "${(node.textContent ?? '').slice(0, 40)}"`
                  : 'a text';
              return `${what} from (${Math.round(was.x)}, ${Math.round(was.y)}) ${Math.round(was.width)} px wide to (${Math.round(now.x)}, ${Math.round(now.y)}) ${Math.round(now.width)} px wide`;
            });
            shifts.push(
              `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`,
            );
          }
        }).observe({ type: 'layout-shift', buffered: true });
      },
      [SESSION_KEY, token],
    );
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(LATE_PARTS_MS);
    await page.waitForLoadState('networkidle');
    return await shiftsOf(page);
  } finally {
    await page.context().close();
  }
}

describe.each([
  ['a desktop', DESKTOP],
  ['a phone', PHONE],
])('the signed-in screens on %s', (_name, viewport) => {
  it('load without a layout shift', async () => {
    const found: string[] = [];
    for (const path of screens)
      for (const shift of await loadShifts(path, viewport)) found.push(`${path}: ${shift}`);
    expect(found).toEqual([]);
  });
});
