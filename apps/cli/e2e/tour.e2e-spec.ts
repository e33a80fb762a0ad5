/**
 * The tour of docs/cli.md ("From the start line to a passing unit"), command by command as a new
 * user types it: the API started, `npm run seed`, the runner installed with npm from the server's
 * Download page, `sweepline sim`, `lab`, `login`, `sn import`, `run` and `results`. The simulators
 * play the demo products; which units pass and which fail is what they were told (demoUnit, the
 * same draw the simulator makes from each serial number). Then every step of every demo test
 * runs on them through the runner's engine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unwrap, type RunnerProduct, type RunnerSeq } from '@sweepline/domain';
import { demoUnit } from '@sweepline/instruments';
import { verifiedSession } from '../src/auth/verification';
import { CalibrationKeeper } from '../src/runner/calibration-keeper';
import { runTest } from '../src/runner/engine';
import { InstrumentPool } from '../src/runner/instrument-pool';
import { ScriptedOperator } from '../src/runner/testing/scripted-prompter';
import { startApi, type RunningApi } from './support/api-server';
import type { CliResult } from './support/cli';
import {
  downloadsFolder,
  installFromServer,
  packRunner,
  seedDemo,
  serialsWith,
  startSimulators,
  userCli,
  type RunningSimulators,
} from './support/tour';

const PASSWORD = 'sweepline-demo-1';
const OPERATOR = 'operator@sweepline.local';

/** Per product: a fault that fails its stage-1 test, and the row that fault fails. */
const FAILING: ReadonlyArray<{ product: string; condition: string; row: RegExp }> = [
  { product: 'BPF-600', condition: 'high insertion loss', row: /Insertion Loss Max - S21 \(500 - 700 MHz\)/ },
  { product: 'CA-300', condition: 'damaged connector', row: /Cable \(100 - 1000 MHz\) port [12] SWR/ },
  { product: 'DC-20', condition: 'coupling out of tolerance', row: /Coupler M(ax|in)/ },
  { product: 'ANT-900', condition: 'mismatched', row: /Return Loss - S11 \(880 - 960 MHz\)/ },
];

/** A failed row's line with its value and the limit it broke. */
const FAIL_WITH_VALUE = /: FAIL -?\d+(\.\d+)?( \S+)? \(limits? [≤≥]?\s?-?\d/;

let api: RunningApi;
let sims: RunningSimulators;
let home: string;
let cli: ReturnType<typeof userCli>;
const tgz = packRunner();
const webDir = downloadsFolder(tgz);

beforeAll(async () => {
  api = await startApi({ env: { SWEEPLINE_WEB_DIR: webDir } });
  console.log(seedDemo(api.dataDir).split('\n').slice(-12).join('\n'));
  home = mkdtempSync(join(tmpdir(), 'sweepline-tour-home-'));
  cli = userCli(installFromServer(api.url, join(home, 'prefix')), home);
  sims = await startSimulators(cli.env.PATH.split(':')[0] + '/sweepline', cli.env);
}, 300_000);

afterAll(async () => {
  sims?.child.kill('SIGINT');
  await api?.stop();
  rmSync(webDir, { recursive: true, force: true });
  rmSync(dirname(tgz), { recursive: true, force: true });
  if (home) rmSync(home, { recursive: true, force: true });
});

function expectOk(result: CliResult, code = 0): CliResult {
  if (result.code !== code) throw new Error(`exit ${result.code}:\n${result.stdout}\n${result.stderr}`);
  return result;
}

describe('the tour: from the start line to a passing unit on the simulators', () => {
  jest.setTimeout(300_000);

  it('sets up the lab PC: lab on the simulators, login as the operator', async () => {
    const lab = await cli.run([
      'lab',
      '--na',
      sims.resources.get('ena')!,
      '--pim',
      sims.resources.get('pim')!,
    ]);
    expect(expectOk(lab).stderr + lab.stdout).toMatch(/Checked \(16 channels with 16 traces: ok\)/);
    const login = await cli.run(['login', '--server', api.url, '--email', OPERATOR], `${PASSWORD}\n`);
    expect(expectOk(login).stderr + login.stdout).toMatch(/Logged in to .* as Olive Operator/);
  });

  it.each(FAILING)(
    'runs $product units: a good one passes, one that is $condition fails with its value and limit',
    async ({ product, condition, row }) => {
      const prefix = `TOUR-${product}`;
      const [good] = serialsWith(product, prefix, 'good');
      const [bad] = serialsWith(product, prefix, condition);
      const server = ['--server', api.url];
      expectOk(await cli.run(['sn', 'import', ...server, '--product', product, '-'], `${good}\n${bad}\n`));

      const passed = expectOk(await cli.run(['run', ...server, '--product', product, '--sn', good!]));
      console.log(`$ sweepline run --product ${product} --sn ${good}\n${passed.stdout}${passed.stderr}`);
      expect(passed.stdout).toContain(`Serial number ${good}: PASS`);
      expect(passed.stdout).not.toMatch(/: FAIL/);
      expect(passed.stdout).toMatch(/: pass -?\d/);
      expect(passed.stderr).toMatch(/Uploaded: run 1 of this test in the stage/);

      const failed = expectOk(await cli.run(['run', ...server, '--product', product, '--sn', bad!]), 3);
      console.log(`$ sweepline run --product ${product} --sn ${bad}\n${failed.stdout}${failed.stderr}`);
      expect(failed.stdout).toContain(`Serial number ${bad}: FAIL`);
      const failedLines = failed.stdout.split('\n').filter((line) => line.includes(': FAIL'));
      expect(failedLines.some((line) => row.test(line) && FAIL_WITH_VALUE.test(line))).toBe(true);

      // the result the results page (/tr) shows
      const results = expectOk(await cli.run(['results', ...server, good!]));
      expect(results.stdout).toMatch(/Passed\s+Olive/);
      expect(sims.log()).toContain(`${product} ${good} connected (good)`);
      expect(sims.log()).toContain(`${product} ${bad} connected (${condition})`);
    },
  );
});

/** The operator's session over HTTP, for the engine below (the program keeps its own). */
async function operatorSession(): Promise<string> {
  const verified = await verifiedSession(api.url);
  const response = await fetch(`${api.baseUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-token': verified },
    body: JSON.stringify({ email: OPERATOR, password: PASSWORD }),
  });
  unwrap(await response.json());
  return response.headers.get('x-auth-token')!;
}

async function get<T>(session: string, path: string): Promise<T> {
  const response = await fetch(`${api.baseUrl}${path}`, { headers: { 'x-auth-token': session } });
  return unwrap<T>(await response.json());
}

describe('every step of every demo test on the demo simulators', () => {
  jest.setTimeout(300_000);

  it('measures each with no instrument error; good units pass every test, a faulty one fails where its fault shows', async () => {
    const session = await operatorSession();
    const products = await get<RunnerProduct[]>(session, '/runner/products');
    const lab = {
      networkAnalyzer: { resource: sims.resources.get('ena')! },
      pimAnalyzer: { resource: sims.resources.get('pim')! },
      calibrationHours: 8,
    };
    const instruments = new InstrumentPool(lab);
    const calibrations = new CalibrationKeeper(8);
    const summary: string[] = [];
    try {
      for (const product of products) {
        const seqs = await Promise.all(
          product.seqs.map((s) => get<RunnerSeq>(session, `/runner/seqs/${s.id}`)),
        );
        const conditions = new Set(
          Array.from({ length: 400 }, (_, i) => demoUnit(product.name, `ALL-${i}`)!.condition),
        );
        for (const condition of conditions) {
          for (const sn of serialsWith(
            product.name,
            `ALL-${product.name}`,
            condition,
            condition === 'good' ? 3 : 1,
          )) {
            const verdicts: string[] = [];
            for (const seq of seqs) {
              const operator = new ScriptedOperator({ number: product.name === 'CA-300' ? 3000 : 1 });
              const run = await runTest({
                seq,
                sn,
                productName: product.name,
                instruments,
                calibrations,
                prompter: operator,
                reporter: operator,
              });
              expect(operator.failures).toEqual([]);
              const failedRows = run.run.upload.steps.filter((r) => r.result === 0).map((r) => r.title);
              verdicts.push(
                `${seq.name}: ${failedRows.length === 0 ? 'pass' : `FAIL ${failedRows.join(', ')}`}`,
              );
              if (condition === 'good') expect(failedRows).toEqual([]);
            }
            summary.push(`${product.name} ${sn} (${condition}): ${verdicts.join('; ')}`);
            if (condition !== 'good') expect(verdicts.some((v) => v.includes('FAIL'))).toBe(true);
          }
        }
      }
    } finally {
      await instruments.close();
    }
    console.log(summary.join('\n'));
    expect(summary.length).toBeGreaterThanOrEqual(4 * 3 + 9);
  });
});
