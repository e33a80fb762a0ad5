// One Lighthouse run over one screen, in the chromium listening on a debugging port; prints the
// figures as one JSON line. Plain Node, not tsx: Lighthouse sends some of its own functions to
// the page as source text, and tsx's renaming helper (__name) is not defined there.
//   node lighthouse-screen.mjs <port> <url> <mobile|desktop> [session token]
// LIGHTHOUSE_REPORTS=<dir> keeps each run's whole report there as JSON (the LCP's element, the
// request chains, the long tasks), for Lighthouse's viewer or a jq.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
/* global sessionStorage -- the function below runs in the page */

/** The web app's key for the session token (apps/web/src/app/api-client.ts). */
const TOKEN_KEY = 'sweepline.session';

const [port, url, preset, token] = process.argv.slice(2);

function figuresOf(lhr) {
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // a trace without the first paint (NO_FCP) comes without a runtimeError, every timing null: seen
  // on the signed-in /product's desktop run in Chromium 156.0.8078.114, whose page had painted
  const fcp = lhr.audits['first-contentful-paint'];
  if (fcp?.numericValue === undefined)
    throw new Error(`Lighthouse: ${fcp?.errorMessage ?? 'no first paint'}`);
  const score = (id) => lhr.categories[id]?.score ?? 0;
  const numeric = (id) => lhr.audits[id]?.numericValue ?? null;
  const failed = (category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit.score !== null && audit.score < 1)
      .map((audit) => audit.id);
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    },
    seoMisses: failed('seo'),
    misses: ['accessibility', 'best-practices', 'seo'].flatMap(failed),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    speedIndexMs: numeric('speed-index'),
    transferredBytes: numeric('total-byte-weight'),
    // where the main thread's time went, by kind (script evaluation, style and layout, …), in ms:
    // what the blocking time is made of
    mainThreadMs: Object.fromEntries(
      (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => [
        item.groupLabel ?? item.group,
        Math.round(item.duration),
      ]),
    ),
    // what moved, largest first (Lighthouse's layout-shifts): the element of each shift and its share of CLS
    layoutShifts: (lhr.audits['layout-shifts']?.details?.items ?? []).map((item) => ({
      element: item.node?.selector ?? item.node?.snippet ?? '(none)',
      score: item.score,
    })),
    // what made those bytes, largest first: the sign-in's budget is read file by file
    requests: (lhr.audits['network-requests']?.details?.items ?? [])
      .map((item) => ({ url: item.url, transferredBytes: item.transferSize ?? 0 }))
      .sort((a, b) => b.transferredBytes - a.transferredBytes),
  };
}

const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
const page = await browser.newPage();
try {
  if (token) {
    await page.evaluateOnNewDocument(
      (key, value) => {
        try {
          sessionStorage.setItem(key, value);
        } catch {
          // about:blank, between two runs, has no storage of the origin
        }
      },
      TOKEN_KEY,
      token,
    );
  }
  const result = await lighthouse(
    url,
    {
      port: Number(port),
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    },
    preset === 'desktop' ? desktopConfig : undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) {
    const path = url.replace(/^\w+:\/\/[^/]+/, '').replace(/\?.*/, '');
    const name = `${path.replace(/\W+/g, '_')}-${preset}-${Date.now()}.json`;
    writeFileSync(join(reports, name), JSON.stringify(result.lhr));
  }
  console.log(JSON.stringify(figuresOf(result.lhr)));
} finally {
  await page.close();
  await browser.disconnect();
}
