import type { CapabilityReport, ControlChartReply, FailedRun, FailureParetoReport } from '@sweepline/domain';
import { formatMeasurement, unpackControlChart } from '@sweepline/domain';
import type { Browser, Page } from 'playwright-core';
import type { RunningApi } from './support/api-server';
import { openPage, type WatchedPage } from './support/browser';
import { drawnChart } from './support/charts';
import { logIn } from './support/flows';
import { startApiAndBrowser } from './support/start';

// The Measurements screens against the real API on the embedded PostgreSQL with the demo seed
// (docs/seed.md, "Measurement patterns"), in Debian's chromium: each screen's figures against the
// API's answer, and a Pareto bar clicked through to a serial number on /tr. Screenshots go to
// artifacts/web-e2e/.

jest.setTimeout(120_000);

const DEMO = { email: 'demo@sweepline.local', password: 'sweepline-demo-1' };

let api: RunningApi;
let browser: Browser;
let watched: WatchedPage;

beforeAll(async () => {
  ({ api, browser } = await startApiAndBrowser({}, { demo: true }));
  watched = await openPage(browser, api.url);
  await logIn(watched.page, DEMO.email, DEMO.password);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

/** Six significant digits, as the screens print figures. */
// as the screens print a figure: the domain's one number formatter (docs/measurements.md)
const figure = (x: number | null) => (x === null ? '—' : formatMeasurement(x));

async function pick(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Applies the pickers and answers the API's reply to the screen's call. */
async function applyAndRead<T>(page: Page, call: string): Promise<T> {
  const [reply] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(call) && r.request().method() === 'GET'),
    page.getByRole('button', { name: 'Apply' }).click(),
  ]);
  return ((await reply.json()) as { data: T }).data;
}

describe('the Measurements screens on the demo account', () => {
  it('lists the three screens and SPC Alarms in a Measurements menu below the four daily reports', async () => {
    const { page } = watched;
    await page.goto('/report/daily-test');
    const reports = page.getByRole('navigation', { name: 'Reports' });
    await reports.getByRole('link').first().waitFor();
    expect(await reports.getByRole('link').allTextContents()).toEqual([
      'Daily Tested Units',
      'Daily Pass Rate',
      'First Time Pass Yield',
      'Throughput Yield',
    ]);
    const group = page.getByRole('navigation', { name: 'Measurements' });
    expect(await group.getByRole('link').allTextContents()).toEqual([
      'Failure Pareto',
      'Capability',
      'Control Chart',
      'SPC Alarms',
    ]);
  });

  it("shows a step's capability figures as the API gives them, with its histogram and trace band", async () => {
    const { page, screenshot } = watched;
    await page.goto('/report/capability');
    await page.getByRole('button', { name: 'Apply' }).waitFor();
    await pick(page, 'Product', 'BPF-600');
    await pick(page, 'Test', 'Pass band');
    // the report-marked step: its traces are kept for every run of the last 14 days, so the band
    // is drawn whatever the day (Group Delay keeps only its failed runs' traces, on some days none)
    await pick(page, 'Step', /^Insertion Loss Max/);
    const report = await applyAndRead<CapabilityReport>(page, '/report/capability');
    expect(report.figures.n).toBeGreaterThan(300);
    expect(report.figures.cpk).not.toBeNull();
    const table = page.getByRole('table', { name: 'Capability figures' });
    // the first pick's answer is shown without an Apply: wait until the table holds this reply's
    await table.getByRole('row', { name: new RegExp(`^n ${figure(report.figures.n)}$`) }).waitFor();
    for (const [name, value] of [
      ['n', report.figures.n],
      ['Mean', report.figures.mean],
      ['σ within', report.figures.sigmaWithin],
      ['Cpk', report.figures.cpk],
      ['Ppk', report.figures.ppk],
      ['Expected PPM', report.figures.expectedPpm],
    ] as const) {
      await expect(table.getByRole('row', { name: new RegExp(`^${name} `) }).innerText()).resolves.toContain(
        figure(value),
      );
    }
    // one upper limit: Cp and Pp are not defined
    expect(await table.getByRole('row', { name: /^Cp / }).innerText()).toContain('—');
    await drawnChart(page, /^Histogram of Insertion Loss Max/);
    await drawnChart(page, /^Trace of Median of Insertion Loss Max/);
    await screenshot('measurements-capability');
  });

  it('marks Western Electric violations after the DC-20 shift, as the API gives them', async () => {
    const { page, screenshot } = watched;
    await page.goto('/report/control');
    await page.getByRole('button', { name: 'Apply' }).waitFor();
    await pick(page, 'Product', 'DC-20');
    await pick(page, 'Test', 'Coupling');
    await pick(page, 'Step', /^Coupler Max/);
    // sized by the screen, the points travel packed: a violation names its point's index
    const report = unpackControlChart(await applyAndRead<ControlChartReply>(page, '/report/control'));
    const violations = report.points.violations.flatMap((v) =>
      v.rules.map((rule) => ({ rule, sn: report.points.sns[v.index]! })),
    );
    expect(report.reduction?.total).toBeGreaterThanOrEqual(report.points.values.length);
    expect(violations.some((v) => v.rule === 4)).toBe(true);
    await page.getByRole('heading', { name: `Rule violations (${violations.length})` }).waitFor();
    const firstRow = page.getByRole('table', { name: 'Rule violations' }).getByRole('row').nth(1);
    expect(await firstRow.innerText()).toContain(violations[0]!.sn);
    await drawnChart(page, /^Individuals chart of Coupler Max/);
    await drawnChart(page, /^Moving-range chart of Coupler Max/);
    await screenshot('measurements-control');
  });

  it('counts failures as the API does and follows a clicked bar to a serial number on /tr', async () => {
    const { page, screenshot } = watched;
    await page.goto('/report/failures');
    await page.getByRole('button', { name: 'Apply' }).waitFor();
    await pick(page, 'Product', 'BPF-600');
    await pick(page, 'Test', 'Pass band');
    const report = await applyAndRead<FailureParetoReport>(page, '/report/failures');
    expect(report.bars.length).toBeGreaterThan(2);
    const rows = page.getByRole('table', { name: 'Failing steps' }).getByRole('row');
    // the first pick's bars are shown without an Apply: wait until the chart is named after this one
    await page.getByRole('img', { name: /^Failure Pareto, BPF-600, Pass band/ }).waitFor();
    expect(await rows.count()).toBe(report.bars.length + 1);
    expect(await rows.nth(1).innerText()).toContain(String(report.bars[0]!.count));
    // the head: the first two bars hold most failed runs
    expect(report.bars[1]!.cumulativePercent).toBeGreaterThan(50);
    const chart = page.getByRole('img', { name: /^Failure Pareto, BPF-600, Pass band/ });
    await drawnChart(page, /^Failure Pareto, BPF-600, Pass band/);
    await screenshot('measurements-failures');

    const x = Number((await chart.getAttribute('data-bar-centres'))!.split(',')[0]);
    const y = Number(await chart.getAttribute('data-bar-base'));
    const [runsReply] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/report/failures/runs')),
      chart.click({ position: { x, y } }),
    ]);
    const runs = ((await runsReply.json()) as { data: FailedRun[] }).data;
    expect(runs.length).toBe(Math.min(report.bars[0]!.count, 1000));
    const first = runs[0]!;
    const link = page.getByRole('link', { name: first.sn, exact: true }).first();
    await link.waitFor();
    await screenshot('measurements-failures-runs');
    await link.click();
    await page.waitForURL(/\/tr\?sn=/);
    await page.getByText(new RegExp(`^${first.sn} of BPF-600`)).waitFor();
    await page.getByRole('heading', { name: /^Pass band, run \d+$/ }).waitFor();
    await screenshot('measurements-tr-from-pareto');
  });

  it("draws the band behind a unit's trace on /tr", async () => {
    const { page, screenshot } = watched;
    await page.goto('/report/failures');
    await page.getByRole('button', { name: 'Apply' }).waitFor();
    await pick(page, 'Product', 'BPF-600');
    await pick(page, 'Test', 'Pass band');
    await applyAndRead<FailureParetoReport>(page, '/report/failures');
    // a unit whose run kept traces: the newest failed run of the head bar (traces are kept 14 days)
    await page.getByRole('button', { name: 'Show runs' }).first().click();
    const link = page
      .getByRole('region', { name: /^Runs failing at/ })
      .getByRole('link')
      .first();
    await link.click();
    await page.getByRole('region', { name: 'Traces' }).waitFor();
    await drawnChart(page, /^Trace of Insertion Loss Max.*over the band \(p5-p95 of \d+ traces\)/);
    await screenshot('measurements-tr-band');
    expect(watched.errors).toEqual([]);
  });
});
