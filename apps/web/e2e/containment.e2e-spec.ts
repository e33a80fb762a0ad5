import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type {
  InstrumentRow,
  InstrumentUse,
  ProductListItem,
  RunnerSeq,
  RunUpload,
  SnStageHistory,
} from '@sweepline/domain';
import { apiCaller, type ApiCall } from '@sweepline/testing';
import type { Browser } from 'playwright-core';
import type { RunningApi } from './support/api-server';
import { axeViolations } from './support/axe';
import { DESKTOP, openPage, PHONE, type WatchedPage } from './support/browser';
import { makeFloorProduct } from './support/floor-product';
import { expectFieldValue, settlesToFit, signUpAndLogIn, storedSession } from './support/flows';
import { startApiAndBrowser } from './support/start';

// Containment in the browser against the real API (issue 40): runs uploaded with what measured
// them (two analyzers on two stations, and one run without origin, as an older runner sends),
// then the manager opens Containment from the navigation, picks one analyzer, sees exactly the
// units it measured, downloads their CSV and sends one back for retest.

jest.setTimeout(180_000);

const MANAGER = {
  account: 'Containment Ltd',
  email: 'cora@containment.example',
  password: 'secret123',
  name: 'Cora',
};
const PRODUCT = 'F-500';
const DOUBTFUL: InstrumentUse = {
  role: 'network_analyzer',
  vendor: 'Keysight Technologies',
  model: 'E5071C',
  serial: 'MY-DROPPED',
};
const GOOD: InstrumentUse = { ...DOUBTFUL, model: 'E5080B', serial: 'MY-GOOD' };

let api: RunningApi;
let browser: Browser;
let manager: WatchedPage;
let call: ApiCall;
let productId: number;

/**
 * A run of the product's test on `sn` that ended `minutesAgo`, measured by `instrument` on
 * `station` (neither: not recorded, as an older runner uploads).
 */
async function upload(
  seq: RunnerSeq,
  sn: string,
  minutesAgo: number,
  result: 0 | 1,
  origin?: { instrument: InstrumentUse; station: string },
) {
  const end = Date.now() - minutesAgo * 60_000;
  const value = result === 1 ? 1.2 : 3.4;
  const run: RunUpload = {
    client_run_id: randomUUID(),
    seq_id: seq.id,
    seq_version: seq.version,
    product_id: seq.productId,
    sn,
    start_time: new Date(end - 30_000).toISOString(),
    end_time: new Date(end).toISOString(),
    result,
    steps: [{ title: 'IL max', isHeader: false, lower: null, upper: 3, value, unit: 'dB', result }],
    ...(origin && {
      station: origin.station,
      runner_version: '0.9.0',
      instruments: [origin.instrument],
      calibrations: [
        {
          key: `cal-${origin.instrument.serial}`,
          step_indices: [0],
          instrument: 0,
          kind: 'mechanical',
          ports: '1-2',
          start_MHz: 800,
          stop_MHz: 1000,
          made_at: new Date(end - 3_600_000).toISOString(),
          made_by: 'Olga',
        },
      ],
    }),
  };
  await call('POST', '/runner/runs', run);
}

beforeAll(async () => {
  ({ api, browser } = await startApiAndBrowser());
  manager = await openPage(browser, api.url);
  await signUpAndLogIn(manager.page, api.outboxDir, MANAGER);
  const session = await storedSession(manager.page);
  call = apiCaller(api.url, { 'x-auth-token': session });
  await makeFloorProduct(api.url, session, PRODUCT, ['U-1', 'U-2', 'U-3', 'U-4']);
  const products = await call<ProductListItem[]>('GET', '/user/product_list');
  const product = products.find((p) => p.name === PRODUCT)!;
  productId = product.id;
  const seq = await call<RunnerSeq>('GET', `/runner/seqs/${product.seqs[0]!.id}`);
  // U-2 failed then passed on the doubtful analyzer: one unit, two runs
  await upload(seq, 'U-1', 50, 1, { instrument: DOUBTFUL, station: 'LAB-1' });
  await upload(seq, 'U-2', 40, 0, { instrument: DOUBTFUL, station: 'LAB-1' });
  await upload(seq, 'U-2', 30, 1, { instrument: DOUBTFUL, station: 'LAB-1' });
  await upload(seq, 'U-3', 20, 1, { instrument: GOOD, station: 'LAB-2' });
  await upload(seq, 'U-4', 10, 1);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

it('finds exactly the units an analyzer measured, downloads their CSV and sends one back for retest', async () => {
  const { page, screenshot, errors } = manager;
  await page.goto('/product');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Containment' }).click();
  await page.waitForURL('**/containment');
  await page.getByRole('status').filter({ hasText: 'Choose an instrument' }).waitFor();
  await screenshot('containment-empty');

  await page.getByRole('combobox', { name: 'Instrument' }).click();
  await page.getByRole('option', { name: 'E5071C, MY-DROPPED' }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(/\/containment\?instrument_id=\d+&from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/);
  const units = page.getByRole('table', { name: 'Units' });
  await units.waitFor();
  await page.getByText('2 units, 3 runs').waitFor();
  // the units, newest run first: U-2 with its two runs, then U-1; not U-3 (the other analyzer) nor U-4
  const rows = units.locator('tbody tr');
  expect(await rows.count()).toBe(3);
  const firstCells = await rows.nth(0).getByRole('cell').allTextContents();
  expect(firstCells.slice(1, 4)).toEqual(['U-2', PRODUCT, 'Finished']);
  expect(firstCells.slice(-4)).toEqual([expect.any(String), 'Passed', 'LAB-1', MANAGER.name]);
  expect((await rows.nth(1).getByRole('cell').allTextContents()).slice(-3)).toEqual([
    'Failed',
    'LAB-1',
    MANAGER.name,
  ]);
  expect((await rows.nth(2).getByRole('cell').allTextContents()).slice(1, 4)).toEqual([
    'U-1',
    PRODUCT,
    'Finished',
  ]);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot('containment-units');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('containment.csv');
  const lines = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toContain('serial number');
  expect(
    lines
      .slice(1)
      .map((line) => line.split(',')[0])
      .sort(),
  ).toEqual(['U-1', 'U-2', 'U-2']);

  await page.getByRole('checkbox', { name: 'Choose U-1' }).check();
  await page.getByText('1 of 2 units chosen').waitFor();
  await expectFieldValue(page.getByRole('combobox', { name: 'Back to stage' }), 'Stage 1: Final');
  await page.getByRole('button', { name: 'Send back for retest' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm' });
  await confirm.getByText(`Send 1 unit of ${PRODUCT} back to stage 1 for retest?`).waitFor();
  await screenshot('containment-retest-confirm');
  await confirm.getByRole('button', { name: 'Send back' }).click();
  await page.getByText('1 unit sent back to stage 1 for retest.').waitFor();
  // read again: U-1 is at stage 1 now, U-2 still finished
  await rows.nth(2).getByRole('cell', { name: 'Stage 1' }).waitFor();
  expect((await rows.nth(0).getByRole('cell').allTextContents())[3]).toBe('Finished');
  await screenshot('containment-retested');
  // the stage history records the jump, newest first
  const history = await call<SnStageHistory>('GET', `/sn/history?product_id=${productId}&sn=U-1`);
  expect(history.entries[0]).toMatchObject({ stageNo: 1, reason: 'jump', createdByName: MANAGER.name });
  expect(errors).toEqual([]);
});

it("opens from an instrument's page, and narrowed to where it never measured says what was searched", async () => {
  const { page, screenshot, errors } = manager;
  const instruments = await call<InstrumentRow[]>('GET', '/instruments');
  const good = instruments.find((i) => i.serial === GOOD.serial)!;
  await page.goto(`/instruments/${good.id}`);
  await page.getByRole('link', { name: 'Units it measured' }).click();
  await page.waitForURL(`**/containment?instrument_id=${good.id}`);
  await page.getByText('1 unit, 1 run').waitFor();
  const rows = page.getByRole('table', { name: 'Units' }).locator('tbody tr');
  expect((await rows.nth(0).getByRole('cell').allTextContents()).slice(1, 4)).toEqual([
    'U-3',
    PRODUCT,
    'Finished',
  ]);
  // on a phone the fields take the width and only the table scrolls sideways
  await page.setViewportSize(PHONE);
  expect(await settlesToFit(page, { height: false })).toBe(true);
  await screenshot('containment-phone');
  await page.setViewportSize(DESKTOP);

  // its calibration, on the other station: nothing
  await page.getByRole('combobox', { name: 'Calibration' }).click();
  const calibration = page.getByRole('option', { name: /^#\d+, Mechanical kit, Ports 1-2, .* by Olga$/ });
  const calibrationId = /^#(\d+)/.exec((await calibration.textContent())!)![1];
  await calibration.click();
  await page.getByRole('textbox', { name: 'Station' }).fill('LAB-1');
  await page.getByRole('button', { name: 'Search' }).click();
  const searched = page.getByText(/^No unit was measured with /);
  await searched.waitFor();
  expect(await searched.textContent()).toMatch(
    new RegExp(
      `^No unit was measured with Keysight Technologies E5080B, serial number MY-GOOD, using calibration #${calibrationId}, on station LAB-1, from \\d{4}-\\d\\d-\\d\\d to \\d{4}-\\d\\d-\\d\\d\\.$`,
    ),
  );
  expect(page.url()).toContain(`calibration_id=${calibrationId}&station=LAB-1`);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot('containment-nothing');
  expect(errors).toEqual([]);
});
