import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Product, TestExport } from '@sweepline/domain';
import { referenceFields } from '@sweepline/domain';
import type { Manager } from './support/accounts';
import { asManager, makeApiToken, signUpManager } from './support/accounts';
import type { RunningApi } from './support/api-server';
import { startApi } from './support/api-server';
import { configDir, ensureBuiltCli, sweepline } from './support/cli';
import { filterPlan } from './support/test-plan';

const dir = mkdtempSync(join(tmpdir(), 'sweepline-tests-e2e-'));
let files = 0;
function file(content: unknown): string {
  const path = join(dir, `plan${++files}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
}

/** A test as the editor answers it, without what belongs to the account (ids, audit). */
function portable(products: Product[]) {
  return products.map((p) => ({
    name: p.name,
    model: p.model,
    info: p.info,
    seqs: p.seqs.map((s) => {
      const number = new Map(s.steps.map((step, i) => [step.id, i + 1]));
      const ref = (id: unknown) => (typeof id === 'number' && id > 0 ? `step ${number.get(id) ?? '?'}` : id);
      return {
        name: s.name,
        stageNo: s.stageNo,
        testNo: s.testNo,
        isCompleted: s.isCompleted,
        cals: s.cals,
        steps: s.steps.map(({ id: _id, param, ...step }) => {
          const p = { ...(param as unknown as Record<string, unknown>) };
          for (const field of referenceFields(step.actionId)) p[field] = ref(p[field]);
          return { ...step, param: p };
        }),
      };
    }),
  }));
}

describe('sweepline test export, import and diff (built program, built API, embedded PostgreSQL)', () => {
  jest.setTimeout(180_000);
  let api: RunningApi;
  let alice: Manager, bob: Manager;
  let aliceEnv: Record<string, string>, bobEnv: Record<string, string>;
  const editorList = (who: Manager) => asManager<Product[]>(api, who, 'GET', '/user/edit');

  beforeAll(async () => {
    ensureBuiltCli();
    api = await startApi();
    [alice, bob] = [await signUpManager(api), await signUpManager(api)];
    const env = async (who: Manager) => ({
      SWEEPLINE_SERVER: api.url,
      SWEEPLINE_TOKEN: (await makeApiToken(api, who, 1)).token,
      SWEEPLINE_CONFIG_DIR: configDir(),
    });
    [aliceEnv, bobEnv] = [await env(alice), await env(bob)];
  });
  afterAll(() => api?.stop());

  it('imports a plan, and export then import into another account reproduces the tests exactly', async () => {
    const imported = await sweepline(['test', 'import', file(filterPlan())], aliceEnv);
    expect(imported.stderr).toContain('Tests: 2 created, 0 updated, 0 unchanged, 0 refused.');
    expect(imported.code).toBe(0);

    const out = join(dir, 'alice.json');
    const exported = await sweepline(['test', 'export', '--product', 'filters', '--out', out], aliceEnv);
    expect(exported.code).toBe(0);
    expect(exported.stderr).toContain(`Exported 2 tests of Filters to ${out}.`);
    const aliceFile = JSON.parse(readFileSync(out, 'utf8')) as TestExport;
    expect(aliceFile).toMatchObject({ format: 'sweepline-test-export', version: 1 });
    expect(aliceFile.products[0]!.tests[0]!.steps[2]!.param).toMatchObject({ stepId1: 1, stepId2: 2 });

    expect((await sweepline(['test', 'import', out], bobEnv)).code).toBe(0);
    const [a, b] = [portable(await editorList(alice)), portable(await editorList(bob))];
    expect(b).toEqual(a);
    expect(a[0]!.seqs[0]).toMatchObject({
      isCompleted: true,
      steps: [
        {},
        {},
        { param: { stepId1: 'step 1', stepId2: 'step 2' } },
        { param: { bindStepId: 'step 1' } },
      ],
    });
    const bobFile = await sweepline(['test', 'export', '--product', 'Filters'], bobEnv);
    expect(JSON.parse(bobFile.stdout)).toEqual(aliceFile);
  });

  it('diffs a changed plan field by field, imports it into the same test, and then has nothing to change', async () => {
    const plan = JSON.parse(
      (await sweepline(['test', 'export', '-p', 'Filters'], aliceEnv)).stdout,
    ) as TestExport;
    const before = await editorList(alice);
    const unchanged = await sweepline(['test', 'diff', file(plan)], aliceEnv);
    expect(unchanged.stdout).toContain('= test "Pass band" 1-1 (unchanged)');
    expect(unchanged.stderr).toContain('An import would create 0, update 0 and leave 2 tests unchanged.');

    const pass = plan.products[0]!.tests[0]!;
    (pass.steps[0]!.param as unknown as Record<string, unknown>)['upper'] = 1.25;
    pass.testNo = 3;
    plan.products[0]!.tests.push({ ...pass, name: 'Extra', stageNo: 3, testNo: 1 });
    const changed = file(plan);
    const diff = await sweepline(['test', 'diff', changed], aliceEnv);
    expect(diff.code).toBe(0);
    expect(diff.stdout).toContain('~ test "Pass band" 1-3 (2 changes)');
    expect(diff.stdout).toContain('      testNo: 1 -> 3');
    expect(diff.stdout).toMatch(/steps\[0\]\.param\.upper: .* -> 1\.25/);
    expect(diff.stdout).toContain('+ test "Extra" 3-1 (new, 4 steps, 1 calibrations)');
    expect(await editorList(alice)).toEqual(before);

    const result = await sweepline(['test', 'import', changed, '--json'], aliceEnv);
    expect(JSON.parse(result.stdout).outcomes).toEqual([
      { product: 'Filters', test: 'Pass band', outcome: 'updated' },
      { product: 'Filters', test: 'Stop band', outcome: 'unchanged' },
      { product: 'Filters', test: 'Extra', outcome: 'created' },
    ]);
    const after = (await editorList(alice))[0]!;
    expect(after.seqs.find((s) => s.name === 'Pass band')!.id).toBe(
      before[0]!.seqs.find((s) => s.name === 'Pass band')!.id,
    );
    const again = await sweepline(['test', 'diff', changed], aliceEnv);
    expect(again.stderr).toContain('update 0 and leave 3 tests unchanged');
  });

  it('refuses a broken file before writing anything, naming the place (1), and an unreadable one (2)', async () => {
    const before = await editorList(alice);
    const plan = filterPlan('Broken');
    plan.products[0]!.tests[1]!.steps[0]!.param = {
      ...plan.products[0]!.tests[1]!.steps[0]!.param,
      startFreq_MHz: 'abc',
    } as never;
    const broken = await sweepline(['test', 'import', file(plan)], aliceEnv);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('products[0].tests[1].steps[0].param.startFreq_MHz: Invalid value');
    expect(broken.stderr).toContain('Nothing was written.');
    const wrongFormat = await sweepline(['test', 'import', file({ products: [] })], aliceEnv);
    expect(wrongFormat.code).toBe(1);
    expect(wrongFormat.stderr).toContain('format: Not a Sweepline test export');
    const future = await sweepline(['test', 'diff', file({ ...filterPlan(), version: 2 })], aliceEnv);
    expect(future.stderr).toContain('Version 2 of the test export is not known to this program');
    const notJson = await sweepline(['test', 'import', file('{ nope')], aliceEnv);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/is not JSON/);
    const unknownProduct = await sweepline(['test', 'export', '--product', 'Nope'], aliceEnv);
    expect(unknownProduct.code).toBe(2);
    expect(unknownProduct.stderr).toContain("Product 'Nope' not found");
    const unknownTest = await sweepline(['test', 'export', '-p', 'Filters', '--test', 'Nope'], aliceEnv);
    expect(unknownTest.code).toBe(2);
    expect(unknownTest.stderr).toContain("Product Filters has no test 'Nope'");
    expect(await editorList(alice)).toEqual(before);
  });

  it('refuses a test the server refuses, keeping the others of the file (each test is atomic)', async () => {
    const plan = filterPlan('Clash');
    plan.products[0]!.tests[1]!.stageNo = 1;
    plan.products[0]!.tests[1]!.testNo = 2;
    await sweepline(['test', 'import', file(plan)], bobEnv);
    // the file changes "Pass band" and puts a new test where "Stop band" is on the server
    const [pass, stop] = plan.products[0]!.tests as [
      TestExport['products'][0]['tests'][0],
      TestExport['products'][0]['tests'][0],
    ];
    plan.products[0]!.tests = [
      { ...pass, calibrations: [] },
      { ...stop, name: 'Newcomer' },
    ];
    const result = await sweepline(['test', 'import', file(plan)], bobEnv);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'refused Clash / Newcomer: test: Stage-test 1-2 is used more than once (by another test of the product)',
    );
    expect(result.stderr).toContain('Tests: 0 created, 1 updated, 0 unchanged, 1 refused.');
    const clash = (await editorList(bob)).find((p) => p.name === 'Clash')!;
    expect(clash.seqs.map((s) => s.name)).toEqual(['Pass band', 'Stop band']);
    expect(clash.seqs[0]!.cals).toEqual([]);
  });

  it('shows the results of a serial number and saves the PDF of its latest run of a test', async () => {
    const products = await editorList(alice);
    const filters = products.find((p) => p.name === 'Filters')!;
    const pass = filters.seqs.find((s) => s.name === 'Pass band')!;
    await sweepline(['sn', 'import', '-p', 'Filters', '-'], aliceEnv, 'R-1\n');
    const { version } = await asManager<{ version: number }>(api, alice, 'GET', `/runner/seqs/${pass.id}`);
    const step = { title: 'Insertion Loss Max', isHeader: false, lower: null, upper: 1.5, unit: 'dB' };
    for (const [i, value] of [2.5, 0.8].entries()) {
      await asManager(api, alice, 'POST', '/runner/runs', {
        client_run_id: `00000000-0000-4000-8000-00000000000${i}`,
        seq_id: pass.id,
        seq_version: version,
        product_id: filters.id,
        sn: 'R-1',
        start_time: new Date(Date.now() - 60_000 + i * 1000).toISOString(),
        end_time: new Date(Date.now() - 50_000 + i * 1000).toISOString(),
        result: value < 1.5 ? 1 : 0,
        steps: [{ ...step, value, result: value < 1.5 ? 1 : 0 }],
      });
    }
    const latest = await sweepline(['results', 'R-1'], aliceEnv);
    expect(latest.code).toBe(0);
    expect(latest.stdout).toContain('R-1 in Filters: 1 run');
    expect(latest.stdout).toMatch(/Pass band\s+2\s+Passed\s+Manager \d+/);
    const all = await sweepline(['results', 'R-1', '--all', '--json'], aliceEnv);
    const [report, ...others] = JSON.parse(all.stdout);
    expect(others).toEqual([]);
    expect(report.reports.map((r: { runNo: number; result: number }) => [r.runNo, r.result])).toEqual([
      [2, 1],
      [1, 0],
    ]);
    expect(report.reports[1].steps[0]).toMatchObject({ value: 2.5, result: 0 });

    const out = join(dir, 'r-1.pdf');
    const pdf = await sweepline(
      ['report', 'pdf', 'R-1', '--test', 'pass band', '--out', out, '--run', '1'],
      aliceEnv,
    );
    expect(pdf.code).toBe(0);
    expect(pdf.stderr).toContain(`Saved the report of R-1, Pass band run 1, in ${out}`);
    expect(readFileSync(out).subarray(0, 5).toString()).toBe('%PDF-');
    const noRun = await sweepline(['report', 'pdf', 'R-1', '--test', 'Stop band', '--out', out], aliceEnv);
    expect(noRun.code).toBe(1);
    expect(noRun.stderr).toContain("R-1 has no run of test 'Stop band' (its tests: Pass band).");
    const unknown = await sweepline(['results', 'NOPE-1'], aliceEnv);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Serial number NOPE-1 not found');
  });

  it("shows every product's runs of a serial number in two products, or one product's with --product (issue 38)", async () => {
    await sweepline(['test', 'import', file(filterPlan('Couplers'))], aliceEnv);
    const couplers = (await editorList(alice)).find((p) => p.name === 'Couplers')!;
    const test = couplers.seqs.find((s) => s.name === 'Pass band')!;
    await sweepline(['sn', 'import', '-p', 'Couplers', '-'], aliceEnv, 'R-1\n');
    const { version } = await asManager<{ version: number }>(api, alice, 'GET', `/runner/seqs/${test.id}`);
    await asManager(api, alice, 'POST', '/runner/runs', {
      client_run_id: '00000000-0000-4000-8000-000000000009',
      seq_id: test.id,
      seq_version: version,
      product_id: couplers.id,
      sn: 'R-1',
      start_time: new Date(Date.now() - 1000).toISOString(),
      end_time: new Date().toISOString(),
      result: 0,
      steps: [{ title: 'IL', isHeader: false, lower: null, upper: 1.5, value: 2, unit: 'dB', result: 0 }],
    });
    const both = await sweepline(['results', 'R-1'], aliceEnv);
    expect(both.code).toBe(0);
    const lines = both.stdout.split('\n');
    expect(lines[0]).toBe('R-1 is in 2 products: Couplers, Filters');
    expect(lines[1]).toBe('R-1 in Couplers: 1 run');
    expect(lines[3]).toMatch(/Pass band\s+1\s+Failed/);
    expect(lines).toContain('R-1 in Filters: 1 run');
    const json = JSON.parse((await sweepline(['results', 'R-1', '--json'], aliceEnv)).stdout);
    expect(json.map((r: { productName: string }) => r.productName)).toEqual(['Couplers', 'Filters']);
    const one = await sweepline(['results', 'R-1', '--product', 'Filters'], aliceEnv);
    expect(one.stdout.split('\n')[0]).toBe('R-1 in Filters: 1 run');
    expect(one.stdout).not.toContain('Couplers');
    const oneJson = JSON.parse(
      (await sweepline(['results', 'R-1', '-p', 'Filters', '--json'], aliceEnv)).stdout,
    );
    expect(oneJson.productName).toBe('Filters');
  });
});
