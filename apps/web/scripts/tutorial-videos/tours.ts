import type { Page } from 'playwright-core';
import { logIn } from '../../e2e/support/flows';
import { clickOn, pointAt, typeInto } from './pointer';
import type { Recording } from './recording';
import { LabTerminal, openTerminal, showCommand } from './lab-terminal';

/** What a tour drives: the page being recorded, its captions, and the server it talks to. */
export interface TourContext {
  page: Page;
  recording: Recording;
  /** The recording API's address, for the runner's terminal. */
  server: string;
  admin: { email: string; password: string };
}

export const DEMO = {
  manager: 'demo@sweepline.local',
  operator: 'operator@sweepline.local',
  password: 'sweepline-demo-1',
};

const option = (page: Page, list: string, name: string | RegExp) =>
  page.getByRole('listbox', { name: list }).getByRole('option', { name }).first();

/** Lets the viewer read what is on the screen. */
const hold = (page: Page, seconds: number) => page.waitForTimeout(seconds * 1000);

/** Signs in and waits until /product has drawn its products: the video starts on a quiet screen. */
async function signIn(page: Page, email: string, password = DEMO.password): Promise<void> {
  await logIn(page, email, password);
  await page.getByRole('listbox', { name: 'Products' }).getByRole('option').first().waitFor();
}

/** Opens /product with `product`'s test `test` and its step `step` selected. */
async function openStep(page: Page, product: string, test: RegExp, step: RegExp): Promise<void> {
  await clickOn(page, option(page, 'Products', product));
  await clickOn(page, option(page, 'Tests', test));
  await clickOn(page, option(page, 'Test Steps', step));
  await page.getByRole('form', { name: 'Step Parameters' }).waitFor();
}

/**
 * What a tour made that the next tours must not show (they film the same account), undone once
 * its video is written.
 */
export type Undo = () => Promise<void>;

/** Deletes the product named `name` through the API, with the page's session, as the editor does. */
function deleteProduct(page: Page, name: string): Undo {
  // no function inside the evaluated one: tsx would wrap it in a helper the page lacks (pointer.ts)
  return () =>
    page.evaluate(async (name) => {
      const headers = { 'x-auth-token': sessionStorage.getItem('sweepline.session') ?? '' };
      const listed = await fetch('/webcyc/api/user/edit', { headers });
      const products = ((await listed.json()) as { data: { id: number; name: string }[] }).data;
      const made = products.find((p) => p.name === name);
      if (!made) throw new Error(`No product ${name} to delete`);
      const deleted = await fetch(`/webcyc/api/product/${made.id}`, { method: 'DELETE', headers });
      const reply = (await deleted.json()) as { status: number; msg: string };
      if (reply.status !== 1) throw new Error(`DELETE /product/${made.id}: ${reply.msg}`);
    }, name);
}

/** Create Tests: a new product and test, then a complete test of the demo and its parts. */
async function createTests({ page, recording }: TourContext): Promise<Undo> {
  await signIn(page, DEMO.manager);
  await recording.caption('Products lists your products, their tests, and each test’s steps.');
  await hold(page, 3);
  await recording.caption('Add a product with its name, model and notes.');
  await clickOn(page, page.getByRole('button', { name: 'Add product' }));
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await typeInto(page, dialog.getByRole('textbox', { name: 'Name' }), 'LPF-2400');
  await typeInto(page, dialog.getByRole('textbox', { name: 'Model' }), 'LPF-2400-A');
  await typeInto(page, dialog.getByRole('textbox', { name: 'Info' }), 'Low-pass filter, 2.4 GHz');
  await clickOn(page, dialog.getByRole('button', { name: 'Save' }));
  await option(page, 'Products', 'LPF-2400').waitFor();
  await recording.caption('Add a test to the product. A red asterisk marks a test that is not complete yet.');
  await clickOn(page, page.getByRole('button', { name: 'Add test' }));
  const testName = page.getByRole('dialog', { name: 'Add Test' }).getByRole('textbox', { name: 'Test name' });
  await typeInto(page, testName, 'Pass band');
  await testName.press('Enter');
  await pointAt(page, option(page, 'Tests', /Pass band \*/));
  await hold(page, 2.5);
  await recording.caption('Add its steps: network analyzer sweeps, PIM tests, prompts or report headings.');
  await clickOn(page, page.getByRole('button', { name: 'Add step' }));
  const stepDialog = page.getByRole('dialog', { name: 'Add Step' });
  await clickOn(page, stepDialog.getByRole('combobox', { name: 'Type' }));
  await hold(page, 2.5);
  await page.keyboard.press('Escape');
  await clickOn(page, stepDialog.getByRole('button', { name: 'Cancel' }));
  await recording.caption(
    'A complete test of the demo: BPF-600’s pass band. Each step has its channel, traces and limits.',
  );
  await openStep(page, 'BPF-600', /Pass band/, /Insertion Loss/);
  await page.mouse.move(640, 700, { steps: 10 });
  await hold(page, 4);
  await recording.caption('Set Up Calibrations lists the calibrations the test’s steps use.');
  await clickOn(page, page.getByRole('button', { name: 'Set Up Calibrations' }));
  await hold(page, 3.5);
  await page.keyboard.press('Escape');
  await recording.caption('Only complete tests, without a red asterisk, are downloaded by the runner.');
  await hold(page, 3);
  // LPF-2400 would appear in the product lists of Auto IMD Test and the reports
  return deleteProduct(page, 'LPF-2400');
}

/** Set Up a Testing Environment: the Download page, then the lab PC's terminal. */
async function setUpEnvironment({ page, recording, server }: TourContext): Promise<void> {
  const lab = new LabTerminal(server);
  try {
    // the commands run before the video starts, and the terminal shows what they printed: the
    // video need not wait while the simulators start and the lab is checked
    const simArgs = ['sim', '--family', 'ena', 'pim', '--time-scale', '0'];
    const sim = await lab.startBackground(simArgs, /running/);
    const resource = (family: string) => new RegExp(`^${family}\\t(\\S+)`, 'm').exec(sim)![1]!;
    const labArgs = ['lab', '--na', resource('ena'), '--pim', resource('pim')];
    const labOutput = await lab.run(labArgs);
    const loginArgs = ['login', '--email', DEMO.operator];
    // the runner reads the password from standard input here, which has no terminal, so it asks
    // nothing; a person at the lab PC answers its prompt, which shows the answer masked
    const loginOutput =
      `✔ Password ${'*'.repeat(DEMO.password.length)}\n` + (await lab.run(loginArgs, `${DEMO.password}\n`));

    await page.goto('/download');
    await page.getByRole('heading', { name: 'Install' }).waitFor();
    await recording.caption('The Download page has the runner for your lab PC and its install steps.');
    await pointAt(page, page.getByRole('link', { name: /^Download / }));
    await hold(page, 3);
    await recording.caption('Install Node.js and, for USB or GPIB instruments, the vendor’s VISA library.');
    await pointAt(page, page.getByRole('region', { name: 'Install' }));
    await page.mouse.wheel(0, 300);
    await hold(page, 4);
    await openTerminal(page, 'Terminal on the lab PC');
    await recording.caption('On the lab PC, without hardware: sweepline sim starts simulated analyzers.');
    await showCommand(page, `sweepline ${simArgs.join(' ')} &`, sim);
    await recording.caption('sweepline lab finds the analyzers, checks them and saves the lab.');
    await showCommand(page, `sweepline ${labArgs.join(' ')}`, labOutput);
    await hold(page, 2);
    await recording.caption(
      'Log in once on this computer; sweepline run then downloads the account’s complete tests.',
    );
    await showCommand(page, `sweepline ${loginArgs.join(' ')}`, loginOutput);
    await hold(page, 3);
  } finally {
    await lab.close();
  }
}

/** Run Tests: a unit measured by the runner, its result on Test Results, the yields on Reports. */
async function runTests({ page, recording, server }: TourContext): Promise<void> {
  const lab = new LabTerminal(server);
  const sn = 'NEW-002';
  const importArgs = ['sn', 'import', '--product', 'BPF-600', '-'];
  const runArgs = ['run', '--product', 'BPF-600', '--sn', sn];
  let imported: string;
  let measured: string;
  try {
    // as in Set Up a Testing Environment: the runner works first, the terminal shows its words
    const sim = await lab.startBackground(['sim', '--family', 'ena', '--time-scale', '0'], /running/);
    await lab.run(['lab', '--na', /^ena\t(\S+)/m.exec(sim)![1]!]);
    await lab.run(['login', '--email', DEMO.operator], `${DEMO.password}\n`);
    imported = await lab.run(importArgs, `${sn}\n`);
    measured = await lab.run(runArgs);
  } finally {
    await lab.close();
  }
  await logIn(page, DEMO.operator, DEMO.password);
  await openTerminal(page, 'Terminal on the lab PC');
  await recording.caption(
    'Add the units’ serial numbers, then run: the runner measures the unit you scan or type.',
  );
  await showCommand(page, `echo ${sn} | sweepline ${importArgs.join(' ')}`, imported);
  await recording.caption('It compares each value with its limits and uploads the run.');
  await showCommand(page, `sweepline ${runArgs.join(' ')}`, measured);
  await hold(page, 3);
  await page.goto('/tr');
  await recording.caption('On Test Results, look the serial number up.');
  await typeInto(page, page.getByRole('textbox', { name: 'Serial number' }), sn);
  await clickOn(page, page.getByRole('button', { name: 'Search' }));
  await page.getByRole('table', { name: 'Test Steps' }).waitFor();
  await recording.caption('Each step with its limits, value and verdict; the PDF report is one click away.');
  await hold(page, 4);
  await pointAt(page, page.getByRole('region', { name: 'Traces' }));
  await recording.caption('Below them, the traces the analyzer measured.');
  await hold(page, 3);
  // through the menu, as a person goes: a new page load would show the loading screen
  await clickOn(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }));
  await recording.caption(
    'Reports follow the yields: here the daily pass rate of the unit’s test over the last month.',
  );
  await clickOn(page, page.getByRole('link', { name: 'Daily Pass Rate' }));
  // the first chart (today) is drawn once the report's calls have answered
  await page.locator('canvas[data-drawn-label]').waitFor();
  // the product and test the unit was just measured with, not the first in the list
  await clickOn(page, page.getByRole('combobox', { name: 'Product' }));
  await clickOn(page, page.getByRole('option', { name: 'BPF-600' }));
  await clickOn(page, page.getByRole('combobox', { name: 'Test' }));
  await clickOn(page, page.getByRole('option', { name: 'Pass band' }));
  await clickOn(page, page.getByRole('button', { name: 'Dates' }));
  await clickOn(page, page.getByRole('button', { name: 'Last Month' }));
  await clickOn(page, page.getByRole('button', { name: 'Apply' }));
  // the label ends with the range's first and last days, the same for today's chart
  await page.waitForFunction(
    () => !/(\S+) -- \1$/.test(document.querySelector('canvas')?.getAttribute('data-drawn-label') ?? ''),
  );
  await hold(page, 4);
}

/** Business Plan: how records are charged, and a month's bill in the back office. */
async function businessPlan({ page, recording, admin }: TourContext): Promise<void> {
  await logIn(page, admin.email, admin.password);
  await page.goto('/guide/faq');
  await page.getByRole('heading', { name: 'FAQ' }).waitFor();
  await recording.caption(
    'A new account tests free for 30 days; after that each uploaded run, a record, is charged.',
  );
  const charging = page.getByRole('button', { name: /charg|cost|pay|price/i }).first();
  await clickOn(page, charging);
  await hold(page, 5);
  await clickOn(
    page,
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Back Office' }),
  );
  await clickOn(page, page.getByRole('link', { name: 'Bill' }));
  await page.getByRole('table').first().waitFor();
  await recording.caption(
    'The bill counts each month’s records per product and test: free in the trial, billable after.',
  );
  await hold(page, 5);
  await recording.caption('There is no subscription: a month without uploads costs nothing.');
  await pointAt(page, page.getByRole('table').first());
  await hold(page, 4);
}

/** Auto IMD Test: a PIM step of the demo's antenna, and a PIM result. */
async function autoImdTest({ page, recording }: TourContext): Promise<void> {
  await signIn(page, DEMO.manager);
  await recording.caption('ANT-900’s PIM test: each step measures an intermodulation product.');
  await openStep(page, 'ANT-900', /PIM/, /^4 /);
  await page.mouse.move(640, 700, { steps: 10 });
  await recording.caption(
    'A PIM step sets its two carriers’ frequencies and power, the IM order, and how to sweep.',
  );
  await hold(page, 5);
  await recording.caption('Its limit is in dBm or dBc; a PIM analyzer runs it like any other step.');
  // the unit, then the limit below it (the form scrolls to it): not Power output's dBm, which is
  // the carriers' power
  const form = page.getByRole('form', { name: 'Step Parameters' });
  await pointAt(page, form.getByRole('combobox', { name: 'Unit' }));
  await hold(page, 1.5);
  await pointAt(page, form.getByRole('textbox', { name: 'Upper limit' }));
  await hold(page, 3.5);
}

/** Each tutorial's tour, by its slug in the guide (TUTORIALS of guide-content.ts). */
export const TOURS: Record<string, (context: TourContext) => Promise<Undo | void>> = {
  'create-tests': createTests,
  'set-up-testing-environment': setUpEnvironment,
  'run-tests': runTests,
  'business-plan': businessPlan,
  'auto-imd-test': autoImdTest,
};
