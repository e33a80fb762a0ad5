/**
 * What the guide's screenshots and tutorial videos film: the built product on a new embedded
 * database with the demo seed (docs/seed.md), a provider administrator for the back office, and
 * Debian's chromium.
 */
import type { Browser } from 'playwright-core';
import { launchChromium } from '@sweepline/testing';
import { type RunningApi, startApi } from '../e2e/support/api-server';
import { seedDemo } from '../e2e/support/demo-seed';

/** The provider administrator the API makes at start, for the back office's Bill. */
export const ADMIN = { email: 'admin@sweepline.local', password: 'guide-admin-1' };
/** Small enough for git, large enough to read the screens' words. */
export const VIEWPORT = { width: 1280, height: 720 };

export interface DemoStage {
  api: RunningApi;
  browser: Browser;
  close(): Promise<void>;
}

export async function openDemoStage(): Promise<DemoStage> {
  const api = await startApi({
    SWEEPLINE_ADMIN_EMAIL: ADMIN.email,
    SWEEPLINE_ADMIN_PASSWORD: ADMIN.password,
  });
  const browser = await launchChromium();
  const close = async (): Promise<void> => {
    await browser.close();
    await api.stop();
  };
  try {
    await seedDemo(api);
  } catch (error) {
    await close();
    throw error;
  }
  return { api, browser, close };
}
