/**
 * Records the five tutorial videos of /guide/tutorials (apps/web/public/tutorials/<slug>.mp4 and
 * their captions, <slug>.vtt) from the running product: the built API and web app on a fresh
 * embedded database with the demo seed, driven in Debian's chromium, and the real `sweepline`
 * runner with its simulators for the lab PC's terminal. docs/tutorials.md says when to run it:
 *   npm run tutorials [-- <slug>...]
 * TUTORIAL_OUT=folder writes there instead, to look at before replacing the committed ones.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TUTORIALS } from '../../src/features/guides/guide-content';
import { drawPointer } from './pointer';
import { Recording } from './recording';
import { TOURS, type Undo } from './tours';
import { ADMIN, openDemoStage, VIEWPORT } from '../demo-stage';

const OUT = resolve(process.env.TUTORIAL_OUT ?? join(__dirname, '../../public/tutorials'));

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((slug) => !TOURS[slug]);
  if (unknown.length > 0)
    throw new Error(`No tutorial ${unknown.join(', ')}: ${Object.keys(TOURS).join(', ')}`);
  const missing = TUTORIALS.filter((t) => !TOURS[t.slug]).map((t) => t.slug);
  if (missing.length > 0) throw new Error(`No tour records the tutorial ${missing.join(', ')}`);
  mkdirSync(OUT, { recursive: true });
  const { api, browser, close } = await openDemoStage();
  try {
    for (const { slug } of TUTORIALS.filter((t) => wanted.length === 0 || wanted.includes(t.slug))) {
      // a context each: its own sign-in, as a viewer starts each tutorial afresh
      const context = await browser.newContext({ baseURL: api.url, viewport: VIEWPORT });
      await drawPointer(context);
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const recording = await Recording.open(context, page);
      let undo: Undo | void = undefined;
      try {
        undo = await TOURS[slug]!({ page, recording, server: api.url, admin: ADMIN });
        await recording.finish(join(OUT, slug));
        console.log(`${slug}.mp4, ${slug}.vtt`);
      } catch (error) {
        // the other tutorials are still recorded; the committed files of this one stay as they were
        await recording.discard();
        console.error(`${slug} was not recorded:`, error);
        process.exitCode = 1;
      }
      // off the record: what the tour made must not appear in the next tours' videos
      if (undo) await undo();
      await context.close();
    }
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
