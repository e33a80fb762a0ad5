import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import {
  formatMeasurement,
  dayRange,
  localDay,
  type CapabilityReport,
  type FailureParetoReport,
  type ProductListItem,
} from '@sweepline/domain';
import type { Manager } from './support/accounts';
import { asManager, logInAs, makeApiToken } from './support/accounts';
import type { RunningApi } from './support/api-server';
import { ROOT, startApi } from './support/api-server';
import { configDir, ensureBuiltCli, sweepline } from './support/cli';

// `sweepline report capability|failures` on the demo account (docs/seed.md), the quality gate's
// exit codes included (docs/cli.md, "Measurements").

const STEP = 'Insertion Loss Max - S21 (500 - 700 MHz)';
const DAYS = ['--from', '2026-01-01', '--to', '2026-01-31'] as const;

describe('sweepline report capability and failures (built program, built API, demo seed)', () => {
  jest.setTimeout(240_000);
  let api: RunningApi;
  let manager: Manager;
  let env: Record<string, string>;
  let range: string[];
  let query: string;
  let report: CapabilityReport;

  beforeAll(async () => {
    ensureBuiltCli();
    api = await startApi();
    execFileSync(process.execPath, [resolve(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'tools/seed/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, SWEEPLINE_DATA_DIR: api.dataDir, DATABASE_URL: '' },
      stdio: 'ignore',
    });
    manager = await logInAs(api, 'demo@sweepline.local', 'sweepline-demo-1');
    const { token } = await makeApiToken(api, manager, 2);
    env = { SWEEPLINE_SERVER: api.url, SWEEPLINE_TOKEN: token, SWEEPLINE_CONFIG_DIR: configDir() };
    // the demo's last 30 days, in UTC as the calls below ask
    const today = localDay(Date.now(), 0);
    const from = localDay(Date.now() - 29 * 86_400_000, 0);
    range = ['--from', from, '--to', today, '--zone-offset', '0'];
    const r = dayRange(from, today, 0);
    query = `start_time=${r.start_time}&stop_time=${r.stop_time}&zone_offset=0`;
    const products = await asManager<ProductListItem[]>(api, manager, 'GET', '/user/product_list');
    const seq = products.find((p) => p.name === 'BPF-600')!.seqs.find((s) => s.name === 'Pass band')!;
    report = await asManager<CapabilityReport>(
      api,
      manager,
      'GET',
      `/report/capability?seq_id=${seq.id}&step=${encodeURIComponent(STEP)}&${query}`,
    );
  }, 300_000);
  afterAll(() => api?.stop());

  const capability = (extra: string[]) =>
    sweepline(
      ['report', 'capability', '-p', 'BPF-600', '-t', 'pass band', '-s', STEP, ...range, ...extra],
      env,
    );

  it('prints the figures the API gives, as a table and as JSON', async () => {
    const json = await capability(['--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(report);
    const table = await capability([]);
    expect(table.code).toBe(0);
    expect(table.stderr).toContain(`Capability of Pass band / ${STEP} (dB)`);
    expect(table.stdout).toMatch(
      new RegExp(
        `^Cpk\\s+${formatMeasurement(report.figures.cpk!, { limits: [report.lower, report.upper, report.figures.mean] }).replace('.', '\\.')}$`,
        'm',
      ),
    );
    expect(table.stdout).toMatch(/^Cp\s+—$/m); // one upper limit
  });

  it('exits 0 when Cpk meets --min-cpk and 1 when it is below, as a CI gate', async () => {
    const cpk = report.figures.cpk!;
    const pass = await capability(['--min-cpk', (cpk - 0.01).toFixed(2)]);
    expect(pass.code).toBe(0);
    expect(pass.stderr).toMatch(/Cpk [\d.]+ meets the minimum/);
    const fail = await capability(['--min-cpk', (cpk + 0.01).toFixed(2)]);
    expect(fail.code).toBe(1);
    expect(fail.stderr).toMatch(/Cpk [\d.]+ is below the minimum/);
  });

  it("exits 1 with the API's words for a text step and for a range without runs, 2 for a bad option", async () => {
    const text = await sweepline(
      ['report', 'capability', '-p', 'BPF-600', '-t', 'Final inspection', '-s', 'Connectors', ...range],
      env,
    );
    expect(text.code).toBe(1);
    expect(text.stderr).toContain("Step 'Connectors' has no numeric values in the range");
    const empty = await capability([...DAYS, '--min-cpk', '1']);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain("No passed or failed runs of test 'Pass band' in the range");
    const noTest = await sweepline(['report', 'capability', '-p', 'BPF-600', '-t', 'Nope', '-s', STEP], env);
    expect(noTest.code).toBe(2);
    expect(noTest.stderr).toContain("Test 'Nope' not found in BPF-600");
    const badGate = await capability(['--min-cpk', 'high']);
    expect(badGate.code).toBe(2);
  });

  it('prints the failure Pareto the API gives, most failing step first', async () => {
    const products = await asManager<ProductListItem[]>(api, manager, 'GET', '/user/product_list');
    const product = products.find((p) => p.name === 'BPF-600')!;
    const pareto = await asManager<FailureParetoReport>(
      api,
      manager,
      'GET',
      `/report/failures?product_id=${product.id}&seq_id=-1&count=every&${query}`,
    );
    const out = await sweepline(['report', 'failures', '-p', 'BPF-600', '--count', 'every', ...range], env);
    expect(out.code).toBe(0);
    const rows = out.stdout.trim().split('\n');
    expect(rows[0]).toMatch(/^TEST\s+STEP\s+COUNT\s+%\s+CUMULATIVE %$/);
    expect(rows).toHaveLength(pareto.bars.length + 1);
    const first = pareto.bars[0]!;
    expect(rows[1]).toMatch(
      new RegExp(`^${first.seqName ?? '—'}\\s+.*\\s${first.count}\\s+${first.percent.toFixed(2)}\\s`),
    );
    expect(out.stderr).toContain(`${pareto.failedRuns} failed and ${pareto.abortedRuns} aborted runs`);
    const json = await sweepline(
      ['report', 'failures', '-p', 'BPF-600', '-t', 'Pass band', '--json', ...range],
      env,
    );
    expect(JSON.parse(json.stdout)).toMatchObject({ count: 'first', versions: [{ seqName: 'Pass band' }] });
  });
});
