import type { Browser } from 'playwright-core';
import { startApi, type ApiStart, type RunningApi } from './api-server';
import { launchChromium } from '@sweepline/testing';

/**
 * The built API and chromium, started side by side. When one fails the other is stopped here
 * before the error is thrown: an API left running once kept jest waiting for 15 minutes.
 */
export async function startApiAndBrowser(
  env: NodeJS.ProcessEnv = {},
  start: ApiStart = {},
): Promise<{ api: RunningApi; browser: Browser }> {
  const [started, launched] = await Promise.allSettled([startApi(env, start), launchChromium()]);
  if (started.status === 'fulfilled' && launched.status === 'fulfilled')
    return { api: started.value, browser: launched.value };
  if (launched.status === 'fulfilled') await launched.value.close();
  if (started.status === 'fulfilled') await started.value.stop();
  throw started.status === 'rejected' ? started.reason : (launched as PromiseRejectedResult).reason;
}
