import { ActionId, ACTIONS, type ActionInfo } from '@sweepline/domain';
import { CAL } from '@sweepline/domain/src/testing/step-fixtures';
import type { Browser, Page } from 'playwright-core';
import type { RunningApi } from './support/api-server';
import { startApiAndBrowser } from './support/start';
import { DESKTOP, openPage, PHONE, type WatchedPage } from './support/browser';
import {
  addStep,
  list,
  option,
  optionNames,
  panel,
  panelWithoutMessages,
  saveParams,
  selectedStep,
  selectSteps,
  settled,
  withoutNumber,
} from './support/editor-page';
import { fillStep, type FilledField } from './support/fill-step';
import { settlesToFit, signUpAndLogIn } from './support/flows';

// The Products screen against the real API on the embedded PostgreSQL, in Debian's chromium
// (issue 12): a product with a test holding one step of every action of the catalogue, with
// calibrations, each step filled until complete; a reload finds everything as it was; the test
// copied and pasted, steps reordered and deleted, the result checked after each.

// the first test fills one step of every action: about a minute on a quiet machine, and past two
// minutes on one whose other core is busy (seen 2026-11-28)
jest.setTimeout(240_000);

const MANAGER = {
  account: 'Filters Ltd',
  email: 'erin@filters.example',
  password: 'secret123',
  name: 'Erin',
};

/** A second calibration besides the fixture's CAL, so the selectors list more than one. */
const SECOND_CAL = { type: '1', start: '1000', stop: '3000' };

/** Wide enough for long step names beside a filled Step Parameters panel. */
const WIDE = { width: 1600, height: 900 };

let api: RunningApi;
let browser: Browser;
let watched: WatchedPage;

beforeAll(async () => {
  ({ api, browser } = await startApiAndBrowser());
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

/** What each step's panel was filled with, by position in the test (ACTIONS order). */
const filled: FilledField[][] = [];
/** The step names the server gave, in order, once every step was complete. */
let names: string[] = [];

/** The actions whose completeness hangs on an earlier step: Rejection, Coupler and Diff. */
const dependsOnEarlierStep = (action: ActionInfo) => action.usesDependingStep || action.paramKind === 'diff';

async function shownValues(fields: readonly FilledField[]): Promise<string[]> {
  return Promise.all(fields.map((field) => field.input.inputValue()));
}

/** The lists no wider than their columns: long names are cut with an ellipsis, not scrolled to. */
function listsFitColumns(page: Page): Promise<boolean> {
  return page
    .getByRole('listbox')
    .evaluateAll((lists) =>
      lists.every((l) => l.scrollWidth <= (l.closest('section')?.getBoundingClientRect().width ?? 0)),
    );
}

async function moveSelected(page: Page, button: 'Move up' | 'Move down', times: number) {
  for (let i = 0; i < times; i++) await page.getByRole('button', { name: button }).click();
  // moves are debounced (400 ms): the burst is sent once the clicks stop
  await page.waitForTimeout(600);
  await settled(page);
}

describe('the test editor', () => {
  beforeAll(async () => {
    watched = await openPage(browser, api.url, WIDE);
    await signUpAndLogIn(watched.page, api.outboxDir, MANAGER);
  });

  afterAll(() => {
    expect(watched.errors).toEqual([]);
  });

  it('adds a product and a test with two calibrations', async () => {
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
    // a test without steps is not complete
    await option(page, 'Tests', '1-1 Pass band *').waitFor();

    await page.getByRole('button', { name: 'Set Up Calibrations' }).click();
    const cals = page.getByRole('dialog', { name: 'Set Up Calibrations' });
    await cals.getByRole('button', { name: 'Add calibration' }).click();
    const first = cals.getByRole('row', { name: 'Calibration 1' });
    await first.getByRole('textbox', { name: 'Start frequency' }).fill(String(CAL.startFreq_MHz));
    await first.getByRole('textbox', { name: 'Stop frequency' }).fill(String(CAL.stopFreq_MHz));
    await cals.getByRole('button', { name: 'Add calibration' }).click();
    const second = cals.getByRole('row', { name: 'Calibration 2' });
    await second.getByRole('combobox', { name: 'Type' }).selectOption(SECOND_CAL.type);
    await second.getByRole('textbox', { name: 'Start frequency' }).fill(SECOND_CAL.start);
    await second.getByRole('textbox', { name: 'Stop frequency' }).fill(SECOND_CAL.stop);
    await screenshot('editor-calibrations');
    await cals.getByRole('button', { name: 'Save' }).click();
    await cals.waitFor({ state: 'hidden' });
    await settled(page);
  });

  it('adds one step of every action of the catalogue and fills each until it is complete', async () => {
    const { page, screenshot } = watched;
    const shotKinds = new Set<string>();
    for (const action of ACTIONS) {
      await addStep(
        page,
        action.name,
        filled.length === 0 ? () => screenshot('editor-step-dialog') : undefined,
      );
      filled.push(await fillStep(panel(page), action));
      if (action.id === ActionId.InsertionLossMax) {
        // the draft checked as typed: complete before it is saved
        await panelWithoutMessages(page);
        await screenshot('editor-step-unsaved');
      }
      await saveParams(page);
      // the server judged it complete: no asterisk, no errors
      expect({ action: action.name, ...(await selectedStep(page)) }).toEqual({
        action: action.name,
        name: expect.not.stringMatching(/\*$/),
        errors: [],
      });
      await panelWithoutMessages(page);
      if (!shotKinds.has(action.paramKind)) {
        shotKinds.add(action.paramKind);
        await screenshot(`editor-param-${action.paramKind}`);
      }
    }
    names = await optionNames(page, 'Test Steps');
    expect(names).toHaveLength(ACTIONS.length);
    expect(names.map((n) => n.split(' ')[0])).toEqual(ACTIONS.map((_, i) => String(i + 1)));
    // the test's asterisk is gone with the last incomplete step
    await option(page, 'Tests', '1-1 Pass band').waitFor();
    await screenshot('editor-complete');
  });

  it('finds every step, name, parameter and calibration as it was after a reload', async () => {
    const { page, screenshot } = watched;
    await page.reload();
    await option(page, 'Tests', '1-1 Pass band').waitFor();
    expect(await optionNames(page, 'Test Steps')).toEqual(names);
    const rows = list(page, 'Test Steps').getByRole('option');
    for (const [i, fields] of filled.entries()) {
      await rows.nth(i).click();
      await expect(shownValues(fields)).resolves.toEqual(fields.map((f) => f.value));
    }
    await screenshot('editor-reloaded');

    // the longest form, an Align step, scrolls inside its panel: the steps stay in view
    await rows.nth(ACTIONS.findIndex((a) => a.id === ActionId.Align)).click();
    await expect(settlesToFit(page, { height: true })).resolves.toBe(true);
    const form = panel(page).getByRole('form', { name: 'Step Parameters' });
    await form.getByRole('group', { name: 'Trace 2' }).scrollIntoViewIfNeeded();
    await expect(list(page, 'Test Steps').isVisible()).resolves.toBe(true);
    await screenshot('editor-align-scrolled');
    // the narrowest four-column window: nothing to scroll sideways or up and down either
    await page.setViewportSize(DESKTOP);
    await expect(settlesToFit(page, { height: true })).resolves.toBe(true);
    await expect(listsFitColumns(page)).resolves.toBe(true);
    await screenshot('editor-align-1280');
    // a phone: the columns one under the other, nothing wider than the screen
    await page.setViewportSize(PHONE);
    await expect(settlesToFit(page, { height: false })).resolves.toBe(true);
    await expect(listsFitColumns(page)).resolves.toBe(true);
    await screenshot('editor-align-phone');

    // the calibrations as saved, in the narrowest four-column window
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Set Up Calibrations' }).click();
    const cals = page.getByRole('dialog', { name: 'Set Up Calibrations' });
    const stop = (row: string) =>
      cals.getByRole('row', { name: row }).getByRole('textbox', { name: 'Stop frequency' }).inputValue();
    await expect(stop('Calibration 1')).resolves.toBe(String(CAL.stopFreq_MHz));
    await expect(stop('Calibration 2')).resolves.toBe(SECOND_CAL.stop);
    await screenshot('editor-calibrations-1280');
    await cals.getByRole('button', { name: 'Cancel' }).click();
    await cals.waitFor({ state: 'hidden' });
    await page.setViewportSize(WIDE);
  });

  it('copies and pastes the test, then reorders and deletes steps of the copy', async () => {
    const { page, screenshot } = watched;
    const bare = names.map(withoutNumber);
    // steps are in catalogue order, and every step picker took the first candidates it offered
    const [first, second] = ACTIONS.flatMap((a, i) => (a.isDependingCandidate ? [i] : []));
    /**
     * The rows of the steps in `order` (positions in ACTIONS): a Diff's default name shows where
     * its two steps are now ('_' once gone); an incomplete step ends in an asterisk.
     */
    const rowsOf = (order: number[], incomplete: (action: ActionInfo) => boolean = () => false) =>
      order.map((i) => {
        const action = ACTIONS[i]!;
        const at = (step: number | undefined) => order.indexOf(step!) + 1 || '_';
        const name = action.paramKind === 'diff' ? `Diff - Step ${at(first)} - Step ${at(second)}` : bare[i];
        return incomplete(action) ? `${name} *` : name;
      });
    const shown = async () => (await optionNames(page, 'Test Steps')).map(withoutNumber);

    await page.getByRole('button', { name: 'Copy test' }).click();
    await page.getByText('Copying: Pass band').waitFor();
    await page.getByRole('button', { name: 'Paste test' }).click();
    await option(page, 'Tests', '1-2 Pass band - copy').waitFor();
    expect(await option(page, 'Tests', '1-2 Pass band - copy').getAttribute('aria-selected')).toBe('true');
    expect(await optionNames(page, 'Test Steps')).toEqual(names);

    // the first two steps down by two places, in a burst of clicks
    const all = ACTIONS.map((_, i) => i);
    await selectSteps(page, 0, 1);
    await moveSelected(page, 'Move down', 2);
    const movedDown = [2, 3, 0, 1, ...all.slice(4)];
    await expect(shown()).resolves.toEqual(rowsOf(movedDown));
    // the last step up by one: at the bottom Move down is refused
    await selectSteps(page, all.length - 1, all.length - 1);
    await expect(page.getByRole('button', { name: 'Move down' }).isDisabled()).resolves.toBe(true);
    await moveSelected(page, 'Move up', 1);
    const reordered = [...movedDown.slice(0, -2), movedDown.at(-1)!, movedDown.at(-2)!];
    await expect(shown()).resolves.toEqual(rowsOf(reordered));
    await screenshot('editor-moved');

    // three steps nobody depends on: the test stays complete, the first step is selected
    await selectSteps(page, 0, 2);
    await page.getByRole('button', { name: 'Delete steps' }).click();
    await settled(page);
    const afterDelete = reordered.slice(3);
    await expect(shown()).resolves.toEqual(rowsOf(afterDelete));
    const firstRow = list(page, 'Test Steps').getByRole('option').nth(0);
    expect(await firstRow.getAttribute('aria-selected')).toBe('true');
    await option(page, 'Tests', '1-2 Pass band - copy').waitFor();

    // with the Delete key, the step the Rejection, Coupler and Diff steps refer to: they, and
    // so the test, are incomplete again
    await list(page, 'Test Steps').getByRole('option').nth(afterDelete.indexOf(first!)).click();
    await page.keyboard.press('Delete');
    await settled(page);
    const left = afterDelete.filter((i) => i !== first);
    await expect(shown()).resolves.toEqual(rowsOf(left, dependsOnEarlierStep));
    await option(page, 'Tests', '1-2 Pass band - copy *').waitFor();
    await screenshot('editor-after-delete');
    const stored = await optionNames(page, 'Test Steps');

    // the stored state: the original as it was, the copy as the screen showed it
    await page.reload();
    await option(page, 'Tests', '1-1 Pass band').click();
    await settled(page);
    expect(await optionNames(page, 'Test Steps')).toEqual(names);
    await option(page, 'Tests', '1-2 Pass band - copy *').click();
    await settled(page);
    expect(await optionNames(page, 'Test Steps')).toEqual(stored);
  });
});
