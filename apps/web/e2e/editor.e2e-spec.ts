import type { Browser, Locator, Page } from 'playwright-core';
import { startApi, type RunningApi } from './support/api-server';
import { launchChromium, openPage, type WatchedPage } from './support/browser';
import { signUpAndLogIn } from './support/flows';

// The Products screen against the real API on the embedded PostgreSQL, in Debian's chromium
// (issue 12): a product with a test, its calibration and steps filled until complete; a reload
// finds everything as it was; the test copied and pasted, steps reordered and deleted.

jest.setTimeout(120_000);

const MANAGER = {
  account: 'Filters Ltd',
  email: 'erin@filters.example',
  password: 'secret123',
  name: 'Erin',
};

let api: RunningApi;
let browser: Browser;
let watched: WatchedPage;

beforeAll(async () => {
  const [started, launched] = await Promise.allSettled([startApi(), launchChromium()]);
  if (started.status === 'fulfilled') api = started.value;
  if (launched.status === 'fulfilled') browser = launched.value;
  for (const outcome of [started, launched]) if (outcome.status === 'rejected') throw outcome.reason;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

const list = (page: Page, name: string) => page.getByRole('listbox', { name });
const option = (page: Page, column: string, name: string | RegExp) =>
  list(page, column).getByRole('option', { name, exact: true });
const panel = (page: Page) => page.getByRole('region', { name: 'Step Parameters' });
const optionNames = (page: Page, column: string) =>
  list(page, column)
    .getByRole('option')
    .evaluateAll((options) => options.map((o) => o.getAttribute('aria-label')));

/** The loading overlay is gone: every call has answered. */
async function settled(page: Page): Promise<void> {
  await page.getByLabel('Loading').waitFor({ state: 'hidden' });
}

async function addStep(page: Page, type: string): Promise<void> {
  await page.getByRole('button', { name: 'Add step' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Step' });
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await settled(page);
}

/** Fills a field and waits out the 200 ms validation debounce (spec 1 section 9). */
async function fill(field: Locator, value: string): Promise<void> {
  await field.fill(value);
  await field.page().waitForTimeout(300);
}

async function saveParams(page: Page): Promise<void> {
  await panel(page).getByRole('button', { name: 'Changes not saved, click to save' }).click();
  await panel(page)
    .getByRole('button', { name: 'Changes not saved, click to save' })
    .waitFor({ state: 'hidden' });
  await settled(page);
}

describe('the test editor', () => {
  beforeAll(async () => {
    watched = await openPage(browser, api.url, { width: 1600, height: 900 });
    await signUpAndLogIn(watched.page, api.outboxDir, MANAGER);
  });

  afterAll(() => {
    expect(watched.errors).toEqual([]);
  });

  it('adds a product and a test with a calibration', async () => {
    const { page, screenshot } = watched;
    await list(page, 'Products').waitFor();
    await screenshot('editor-empty');
    await page.getByRole('button', { name: 'Add product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Filter A');
    await dialog.getByRole('textbox', { name: 'Model' }).fill('F-100');
    await dialog.getByRole('textbox', { name: 'Info' }).fill('Band-pass filter 800-900 MHz');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await option(page, 'Products', 'Filter A').waitFor();

    await page.getByRole('button', { name: 'Add test' }).click();
    const name = page.getByRole('dialog', { name: 'Add Test' }).getByRole('textbox', { name: 'Test name' });
    await name.fill('Pass band');
    await name.press('Enter');
    await option(page, 'Tests', '1-1 Pass band *').waitFor();

    await page.getByRole('button', { name: 'Set Up Calibrations' }).click();
    const cals = page.getByRole('dialog', { name: 'Set Up Calibrations' });
    await cals.getByRole('button', { name: 'Add calibration' }).click();
    const row = cals.getByRole('row', { name: 'Calibration 1' });
    await row.getByRole('textbox', { name: 'Start frequency' }).fill('100');
    await fill(row.getByRole('textbox', { name: 'Stop frequency' }), '1000');
    await screenshot('editor-calibrations');
    await cals.getByRole('button', { name: 'Save' }).click();
    await cals.waitFor({ state: 'hidden' });
    await settled(page);
  });

  it('adds steps and fills them until the test is complete', async () => {
    const { page, screenshot } = watched;
    await addStep(page, 'Prompt');
    await fill(panel(page).getByRole('textbox', { name: 'Text' }), 'Connect the filter to ports 1 and 2');
    await saveParams(page);

    await addStep(page, 'Delay');
    await fill(panel(page).getByRole('textbox', { name: 'Seconds' }), '2');
    await saveParams(page);

    await addStep(page, 'Question');
    await fill(panel(page).getByRole('textbox', { name: 'Title' }), 'Label');
    await fill(panel(page).getByRole('textbox', { name: 'Question' }), 'Is the label straight?');
    await saveParams(page);

    await addStep(page, 'Insertion Loss Max');
    expect(await optionNames(page, 'Test Steps')).toContainEqual(
      expect.stringMatching(/^4 Insertion Loss Max.* \*$/),
    );
    await panel(page).getByRole('combobox', { name: 'Calibration' }).selectOption('1');
    await panel(page).getByRole('combobox', { name: 'S parameter' }).selectOption('S21');
    await fill(panel(page).getByRole('textbox', { name: 'Start frequency' }), '800');
    await fill(panel(page).getByRole('textbox', { name: 'Stop frequency' }), '900');
    await fill(panel(page).getByRole('textbox', { name: 'Upper limit' }), '1.5');
    await screenshot('editor-step-unsaved');
    // a selection change saves the edit first (spec 1 section 4)
    await option(page, 'Test Steps', /^1 Prompt/).click();
    await settled(page);
    // the default name follows the saved parameters, as the server wrote it
    await option(page, 'Test Steps', '4 Insertion Loss Max - S21 (800 - 900 MHz)').waitFor();
    await option(page, 'Tests', '1-1 Pass band').waitFor();
    await screenshot('editor-complete');
  });

  it('finds everything as it was after a reload', async () => {
    const { page, screenshot } = watched;
    await page.reload();
    await option(page, 'Tests', '1-1 Pass band').waitFor();
    expect(await optionNames(page, 'Test Steps')).toEqual([
      '1 Prompt - Connect the filter to ports 1 and 2',
      '2 Delay 2 s',
      '3 Question - Label',
      '4 Insertion Loss Max - S21 (800 - 900 MHz)',
    ]);
    await option(page, 'Test Steps', '4 Insertion Loss Max - S21 (800 - 900 MHz)').click();
    await expect(panel(page).getByRole('textbox', { name: 'Start frequency' }).inputValue()).resolves.toBe(
      '800',
    );
    await expect(panel(page).getByRole('textbox', { name: 'Upper limit' }).inputValue()).resolves.toBe('1.5');
    await screenshot('editor-reloaded');
  });

  it('copies and pastes the test, then reorders and deletes steps of the copy', async () => {
    const { page, screenshot } = watched;
    await page.getByRole('button', { name: 'Copy test' }).click();
    await page.getByText('Copying: Pass band').waitFor();
    await page.getByRole('button', { name: 'Paste test' }).click();
    await option(page, 'Tests', '1-2 Pass band - copy').waitFor();
    expect(await option(page, 'Tests', '1-2 Pass band - copy').getAttribute('aria-selected')).toBe('true');

    // the first two steps down by one, twice in a burst: one call
    const steps = list(page, 'Test Steps').getByRole('option');
    await steps.nth(3).waitFor();
    await steps.nth(0).click();
    await steps.nth(1).click({ modifiers: ['Shift'] });
    await page.getByRole('button', { name: 'Move down' }).click();
    await page.getByRole('button', { name: 'Move down' }).click();
    await expect(page.getByRole('button', { name: 'Move down' }).isDisabled()).resolves.toBe(true);
    await page.waitForTimeout(600);
    await settled(page);
    expect(await optionNames(page, 'Test Steps')).toEqual([
      expect.stringMatching(/^1 Question/),
      '2 Insertion Loss Max - S21 (800 - 900 MHz)',
      expect.stringMatching(/^3 Prompt/),
      expect.stringMatching(/^4 Delay/),
    ]);
    await screenshot('editor-moved');

    // Delete with the list focused: the step before the deleted one is selected
    await steps.nth(1).click();
    await page.keyboard.press('Delete');
    await settled(page);
    expect(await optionNames(page, 'Test Steps')).toHaveLength(3);
    expect(await steps.nth(0).getAttribute('aria-selected')).toBe('true');

    await page.reload();
    await option(page, 'Tests', '1-1 Pass band').click();
    expect(await optionNames(page, 'Test Steps')).toHaveLength(4);
    await option(page, 'Tests', '1-2 Pass band - copy').click();
    expect(await optionNames(page, 'Test Steps')).toEqual([
      expect.stringMatching(/^1 Question/),
      expect.stringMatching(/^2 Prompt/),
      expect.stringMatching(/^3 Delay/),
    ]);
    await screenshot('editor-after-delete');
  });
});
