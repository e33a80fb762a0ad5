import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type {
  InstrumentUse,
  ProductListItem,
  RunnerSeq,
  RunUpload,
  RunUploadAnswer,
} from '@sweepline/domain';
import { apiCaller, type ApiCall } from '@sweepline/testing';
import type { Browser, Page } from 'playwright-core';
import type { RunningApi } from './support/api-server';
import { axeViolations } from './support/axe';
import { openPage, type WatchedPage } from './support/browser';
import { makeFloorProduct } from './support/floor-product';
import { signUpAndLogIn, storedSession } from './support/flows';
import { startApiAndBrowser } from './support/start';

// Instruments in the browser against the real API (issue 40): a run uploaded with what measured
// it registers its analyzer; the manager opens Instruments from the navigation, opens the
// analyzer, records its certificate (a file that only claims to be a PDF is refused on its field,
// a real one is kept and downloads again), and the run's detail on /tr names the analyzer, its
// state and the calibration of each step.

jest.setTimeout(180_000);

const MANAGER = {
  account: 'Instruments Ltd',
  email: 'ines@instruments.example',
  password: 'secret123',
  name: 'Ines',
};
const ANALYZER: InstrumentUse = {
  role: 'network_analyzer',
  vendor: 'Keysight Technologies',
  model: 'E5071C',
  serial: 'MY-E2E-001',
  firmware: 'A.11.20',
  resource: 'TCPIP0::10.0.0.5::inst0::INSTR',
};

/** A one-page PDF with its cross-reference table, small and real: readers open it. */
function smallPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** 'YYYY-MM-DD' of `days` from today (UTC, as the server judges a certificate's dates). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let api: RunningApi;
let browser: Browser;
let manager: WatchedPage;
let call: ApiCall;
let runId: number;

beforeAll(async () => {
  ({ api, browser } = await startApiAndBrowser());
  manager = await openPage(browser, api.url);
  await signUpAndLogIn(manager.page, api.outboxDir, MANAGER);
  const session = await storedSession(manager.page);
  call = apiCaller(api.url, { 'x-auth-token': session });
  await makeFloorProduct(api.url, session, 'F-700', ['U-1']);
  const products = await call<ProductListItem[]>('GET', '/user/product_list');
  const seq = await call<RunnerSeq>('GET', `/runner/seqs/${products[0]!.seqs[0]!.id}`);
  const end = Date.now() - 60_000;
  const start = end - 30_000;
  const run: RunUpload = {
    client_run_id: randomUUID(),
    seq_id: seq.id,
    seq_version: seq.version,
    product_id: seq.productId,
    sn: 'U-1',
    start_time: new Date(start).toISOString(),
    end_time: new Date(end).toISOString(),
    result: 1,
    steps: [
      { title: 'IL max', isHeader: false, lower: null, upper: 3, value: 1.2, unit: 'dB', result: 1 },
      { title: 'RL', isHeader: false, lower: 10, upper: null, value: 18.5, unit: 'dB', result: 1 },
    ],
    station: 'LAB-PC-07',
    runner_version: '0.9.0',
    instruments: [ANALYZER],
    calibrations: [
      {
        key: 'cal-e2e-1',
        step_indices: [0, 1],
        instrument: 0,
        kind: 'ecal',
        ecal_serial: 'N4431-MY9',
        ports: '1-2',
        start_MHz: 885,
        stop_MHz: 915,
        made_at: new Date(start - 2 * 3_600_000).toISOString(),
        made_by: 'Olga',
      },
    ],
  };
  ({ run_id: runId } = await call<RunUploadAnswer>('POST', '/runner/runs', run));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

const certificateDialog = (page: Page) => page.getByRole('dialog', { name: 'Record certificate' });

it('lists the analyzer a run registered, and records its certificate with a real PDF', async () => {
  const { page, screenshot, errors } = manager;
  await page.goto('/product');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Instruments' }).click();
  await page.waitForURL('**/instruments');
  // a manager's eleven entries and the user menu fit one row from the width the burger gives way at
  await page.setViewportSize({ width: 1200, height: 800 });
  const links = page
    .getByRole('navigation', { name: 'Main' })
    .locator(':scope > .mantine-Group-root')
    .first();
  expect(await links.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  // the pointer off the link it clicked, so the check reads the page as it rests
  await page.mouse.move(600, 700);
  const table = page.getByRole('table', { name: 'Instruments' });
  await table.waitFor();
  const row = table.getByRole('row').nth(1);
  expect(await row.getByRole('cell').allTextContents()).toEqual([
    'Network analyzer',
    'E5071CKeysight Technologies',
    'MY-E2E-001',
    'A.11.20',
    expect.stringMatching(/^LAB-PC-07\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    'Unknown',
    '-',
  ]);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot('instruments-list');

  await row.getByRole('cell').nth(2).click();
  await page.getByRole('heading', { name: 'E5071C MY-E2E-001' }).waitFor();
  expect(
    await page.getByRole('table', { name: 'Calibrations' }).getByRole('row').nth(1).textContent(),
  ).toContain('ECal, module N4431-MY9');
  await page.getByRole('button', { name: 'Record certificate' }).click();
  const dialog = certificateDialog(page);
  await dialog.getByLabel('Certificate number').fill('CAL-2026-0412');
  await dialog.getByLabel('Laboratory').fill('Keysight Calibration Center');
  await dialog.getByLabel('Calibrated on').fill(dayFromToday(-10));
  await dialog.getByLabel('Due on').fill(dayFromToday(355));
  // named and typed as a PDF, but not one: the server reads the bytes and says so on the field
  const file = dialog.locator('input[type="file"]');
  await file.setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('hello') });
  await dialog.getByRole('button', { name: 'Record' }).click();
  await dialog.getByText('The file is not a PDF').waitFor();
  // the browser logs the refusal's 400: that one, and nothing else, is expected
  expect(errors).toEqual([expect.stringMatching(/status of 400/)]);
  errors.length = 0;
  await screenshot('instruments-certificate-refused');

  await file.setInputFiles({ name: 'CAL-2026-0412.pdf', mimeType: 'application/pdf', buffer: smallPdf() });
  await dialog.getByRole('button', { name: 'Record' }).click();
  await dialog.waitFor({ state: 'detached' });
  const certificates = page.getByRole('table', { name: 'Certificates' });
  await certificates.waitFor();
  const first = certificates.getByRole('row').nth(1);
  expect((await first.getByRole('cell').allTextContents()).slice(0, 4)).toEqual([
    'CAL-2026-0412',
    'Keysight Calibration Center',
    dayFromToday(-10),
    dayFromToday(355),
  ]);
  await page.getByText('Valid', { exact: true }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await screenshot('instruments-detail');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    first.getByRole('button', { name: 'Download CAL-2026-0412.pdf, certificate CAL-2026-0412' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('CAL-2026-0412.pdf');
  expect(readFileSync((await download.path())!)).toEqual(smallPdf());
  expect(errors).toEqual([]);
});

it("shows on /tr what measured the run: station, analyzer with its state, and each step's calibration", async () => {
  const { page, screenshot, errors } = manager;
  await page.goto(`/tr?sn=U-1&run=${runId}`);
  const origin = page.getByRole('region', { name: 'Instruments and calibrations' });
  await origin.getByText('Station LAB-PC-07 · runner 0.9.0').waitFor();
  const analyzer = origin.getByRole('table', { name: 'Instruments of the run' }).getByRole('row').nth(1);
  expect(await analyzer.getByRole('cell').allTextContents()).toEqual([
    'Network analyzer',
    'Keysight Technologies E5071C',
    'MY-E2E-001',
    'A.11.20',
    // its state as the upload found it: the certificate was recorded after the run
    'Unknown',
  ]);
  const cal = origin.getByRole('table', { name: 'Calibrations of the run' }).getByRole('row').nth(1);
  const cells = await cal.getByRole('cell').allTextContents();
  expect(cells.slice(0, 3)).toEqual(['ECal, module N4431-MY9', 'Ports 1-2', '885 to 915 MHz']);
  expect(cells[3]).toMatch(/by Olga$/);
  expect(cells.slice(4)).toEqual(['2 h 00 min', '#1 IL max, #2 RL']);
  await origin.scrollIntoViewIfNeeded();
  expect(await axeViolations(page)).toEqual([]);
  await screenshot('instruments-tr-run');
  expect(errors).toEqual([]);
});
