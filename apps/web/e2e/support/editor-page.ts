import type { Page } from 'playwright-core';

/** The Products screen's parts, found as a user finds them: by role and accessible name. */

export const list = (page: Page, column: string) => page.getByRole('listbox', { name: column });

export const option = (page: Page, column: string, name: string | RegExp) =>
  list(page, column).getByRole('option', { name, exact: true });

export const panel = (page: Page) => page.getByRole('region', { name: 'Step Parameters' });

/** The accessible names of a column's rows, in order ('3 Delay 2 s', '1-1 Pass band *'). */
export const optionNames = (page: Page, column: string) =>
  list(page, column)
    .getByRole('option')
    .evaluateAll((options) => options.map((o) => o.getAttribute('aria-label') ?? ''));

/**
 * No loading overlay shows: every call has answered. The shell's and the screen's overlays can
 * show together for a moment (a locator for one of them would then match two), so every element
 * named Loading is checked.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[aria-label="Loading"]')].every((e) => !e.checkVisibility()),
  );
}

/** Adds a step of `type` with the step dialog; `whileOpen` runs with its type list open. */
export async function addStep(page: Page, type: string, whileOpen?: () => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: 'Add step' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Step' });
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await whileOpen?.();
  await page.getByRole('listbox', { name: 'Type' }).getByRole('option', { name: type, exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await settled(page);
}

const SAVE_HINT = 'Changes not saved, click to save';

/** Clicks the red save hint and waits for the server's answer. */
export async function saveParams(page: Page): Promise<void> {
  await panel(page).getByRole('button', { name: SAVE_HINT }).click();
  await panel(page).getByRole('button', { name: SAVE_HINT }).waitFor({ state: 'hidden' });
  await settled(page);
}

/**
 * The selected step's row: its name, and the errors its asterisk lists (none when complete), so a
 * failing check says what is missing.
 */
export async function selectedStep(page: Page): Promise<{ name: string; errors: string[] }> {
  const row = list(page, 'Test Steps').getByRole('option', { selected: true });
  const name = (await row.getAttribute('aria-label')) ?? '';
  const asterisk = row.getByRole('img');
  const errors = (await asterisk.count()) > 0 ? [(await asterisk.getAttribute('aria-label')) ?? ''] : [];
  return { name, errors };
}

/**
 * The panel shows no message: a complete step's form agrees with the server. The form checks
 * 200 ms after the last keystroke (docs/requirements/test-editor.md#limits), so messages of the draft before the save
 * may show that long.
 */
export async function panelWithoutMessages(page: Page): Promise<void> {
  await panel(page).evaluate(
    (region) =>
      new Promise<void>((done, fail) => {
        const started = Date.now();
        const check = () => {
          if (!region.querySelector('[aria-invalid="true"], [role="alert"]')) done();
          else if (Date.now() - started > 2000)
            fail(new Error(`The panel still shows: ${region.textContent}`));
          else setTimeout(check, 50);
        };
        check();
      }),
  );
}

/** A row's name without its position: what stays the same when steps move. */
export const withoutNumber = (name: string) => name.replace(/^\d+ /, '');

/** Shift-clicks a range of rows of Test Steps (0-based, both included). */
export async function selectSteps(page: Page, first: number, last: number): Promise<void> {
  const rows = list(page, 'Test Steps').getByRole('option');
  await rows.nth(first).click();
  if (last !== first) await rows.nth(last).click({ modifiers: ['Shift'] });
}
