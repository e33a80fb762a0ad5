import type { Browser, Locator } from 'playwright-core';
import { TUTORIALS, tutorialMedia } from '../src/features/guides/guide-content';
import type { RunningApi } from './support/api-server';
import { axeViolations } from './support/axe';
import { openPage, type WatchedPage } from './support/browser';
import { startApiAndBrowser } from './support/start';

// Issue 38: /guide/tutorials plays the five videos the app ships (scripts/tutorial-videos makes
// them; docs/tutorials.md), each with its captions, served by the API with the types a browser
// plays, under its Content-Security-Policy.

jest.setTimeout(180_000);

let api: RunningApi;
let browser: Browser;
let watched: WatchedPage;

beforeAll(async () => {
  ({ api, browser } = await startApiAndBrowser());
  watched = await openPage(browser, api.url);
  await watched.page.goto('/guide/tutorials');
  await watched.page.getByRole('heading', { name: 'Tutorials' }).waitFor();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

const video = (title: string): Locator => watched.page.getByLabel(`${title} video`, { exact: true });

it('serves each video and its captions with the types a browser plays', async () => {
  for (const { slug } of TUTORIALS) {
    const media = tutorialMedia(slug);
    const clip = await watched.page.request.get(media.video);
    expect([media.video, clip.status(), clip.headers()['content-type']]).toEqual([
      media.video,
      200,
      'video/mp4',
    ]);
    const captions = await watched.page.request.get(media.captions);
    expect([media.captions, captions.status(), captions.headers()['content-type']]).toEqual([
      media.captions,
      200,
      expect.stringMatching(/^text\/vtt/),
    ]);
    // a player seeks with ranges
    const part = await watched.page.request.get(media.video, { headers: { Range: 'bytes=0-99' } });
    expect(part.status()).toBe(206);
  }
});

it('shows a playable video with controls and its loaded captions in each tutorial', async () => {
  for (const { title, slug } of TUTORIALS) {
    const element = video(title);
    await element.scrollIntoViewIfNeeded();
    const state = await element.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<{
          source: string;
          controls: boolean;
          duration: number;
          track: number;
          cues: number;
          lastCue: number;
        }>((done) => {
          const track = v.querySelector('track')!;
          const report = () =>
            done({
              source: new URL(v.currentSrc).pathname,
              controls: v.controls,
              duration: v.duration,
              track: track.readyState,
              cues: track.track.cues?.length ?? 0,
              lastCue: track.track.cues?.[track.track.cues.length - 1]?.endTime ?? 0,
            });
          const ready = () => v.readyState >= 1 && track.readyState >= 2;
          if (ready()) return report();
          const check = () => ready() && report();
          v.addEventListener('loadedmetadata', check);
          track.addEventListener('load', check);
          track.addEventListener('error', report);
          v.addEventListener('error', report);
          setTimeout(report, 20_000);
        }),
    );
    expect({ slug, ...state }).toEqual({
      slug,
      source: tutorialMedia(slug).video,
      controls: true,
      duration: expect.any(Number),
      // HTMLTrackElement.LOADED
      track: 2,
      cues: expect.any(Number),
      lastCue: expect.any(Number),
    });
    expect(state.cues).toBeGreaterThanOrEqual(3);
    expect(state.duration).toBeGreaterThan(10);
    // the captions end with the video, not after it
    expect(state.lastCue).toBeLessThanOrEqual(state.duration + 0.5);
  }
  await watched.screenshot('tutorials');
});

it('plays a video from the keyboard', async () => {
  const { page } = watched;
  const first = video(TUTORIALS[0]!.title);
  await first.scrollIntoViewIfNeeded();
  // Tab from the page's heading reaches the first video: it is in the tab order
  await page.getByRole('heading', { name: 'Tutorials' }).evaluate((h: HTMLElement) => {
    h.tabIndex = -1;
    h.focus();
  });
  await page.keyboard.press('Tab');
  expect(await first.evaluate((v) => v === document.activeElement)).toBe(true);
  await page.keyboard.press('Space');
  await page.waitForFunction(
    (v) => !(v as HTMLVideoElement).paused && (v as HTMLVideoElement).currentTime > 0,
    await first.elementHandle(),
  );
  await first.evaluate((v: HTMLVideoElement) => v.pause());
});

it('has no axe-core violations and no console errors', async () => {
  expect(await axeViolations(watched.page)).toEqual([]);
  expect(watched.errors).toEqual([]);
});
