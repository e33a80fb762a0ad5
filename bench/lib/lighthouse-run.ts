/**
 * Lighthouse (pinned 12.2.3) over one screen at a time, in Debian's chromium started by
 * chrome-launcher with the flags of shared/STACK.md. Each screen gets a fresh tab
 * (lighthouse-screen.mjs); Lighthouse clears the origin's cache and storage first, so every figure
 * is a first load. A signed-in screen gets the session token in session storage before any of its
 * documents runs, where the web app keeps it (apps/web/src/app/api-client.ts).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@sweepline/testing';

/** How many times a screen is measured before its failure is the sitting's. */
const ATTEMPTS = 3;

export type Preset = 'mobile' | 'desktop';

export interface ScreenFigures {
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  /** SEO audits that failed, by id. */
  seoMisses: string[];
  /** Every audit of the four categories that failed, by id, to say what to fix. */
  misses: string[];
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Every byte the first load transferred (Lighthouse's total-byte-weight). */
  transferredBytes: number;
  /** The main thread's time by kind of work (Lighthouse's mainthread-work-breakdown), in ms. */
  mainThreadMs: Record<string, number>;
  /** Each layout shift's element (a CSS selector) and its share of the CLS, largest first. */
  layoutShifts: { element: string; score: number }[];
  /** Each request of the first load and what it transferred, largest first. */
  requests: { url: string; transferredBytes: number }[];
}

const SCREEN_SCRIPT = join(__dirname, 'lighthouse-screen.mjs');

export class LighthouseBrowser {
  private constructor(private readonly chrome: chromeLauncher.LaunchedChrome) {}

  static async launch(): Promise<LighthouseBrowser> {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env['CHROME_PATH'] ?? CHROMIUM_PATH,
      chromeFlags: CHROMIUM_FLAGS,
    });
    return new LighthouseBrowser(chrome);
  }

  async version(): Promise<string> {
    const reply = await fetch(`http://127.0.0.1:${this.chrome.port}/json/version`);
    return ((await reply.json()) as { Browser: string }).Browser;
  }

  /**
   * Lighthouse's four categories and the load's timings for `url`, signed in when `token`. Tried
   * up to ATTEMPTS times when Lighthouse fails: its trace sometimes misses the page's start
   * (NO_NAVSTART), on a loaded machine and, twice running on /guide/faq, on a quiet one
   * (2026-11-30), which stopped a whole sitting.
   */
  async measure(url: string, preset: Preset, token?: string): Promise<ScreenFigures> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.measureOnce(url, preset, token);
      } catch (error) {
        if (attempt === ATTEMPTS) throw error;
        console.log(`    Lighthouse failed (${attempt} of ${ATTEMPTS}): ${String(error).split('\n')[0]}`);
      }
    }
  }

  private async measureOnce(url: string, preset: Preset, token?: string): Promise<ScreenFigures> {
    const args = [SCREEN_SCRIPT, String(this.chrome.port), url, preset, ...(token ? [token] : [])];
    const { stdout } = await promisify(execFile)(process.execPath, args, {
      maxBuffer: 16 * 1024 * 1024,
      // tsx's loader stays out of Lighthouse's process (lighthouse-screen.mjs says why)
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as ScreenFigures;
  }

  close(): void {
    this.chrome.kill();
  }
}
