/**
 * Releases on the lab PC (issue 39, docs/releases.md): under release control the runner runs the
 * release, not the draft, on the simulators; `test diff` shows the draft's changed limit (text and
 * JSON), `test release` refuses an empty note and makes the next release, which the next unit
 * runs; a test never released is refused in the server's words. The real program in child
 * processes against the built API on the embedded PostgreSQL.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { RELEASE_MSG, type ReleaseDiff, type StepDiff } from '@sweepline/domain';
import type { TestProduct } from '@sweepline/testing';
import { download, makeProduct, UNATTENDED_TEST } from './testing/lab-tests';
import { LabPc } from './testing/lab-pc';
import { TestApi } from './testing/test-api';

jest.setTimeout(240_000);

let api: TestApi;
let lab: LabPc;
let product: TestProduct;

const HANG = join(__dirname, 'testing', 'measure-then-hang.ts');

/** A unit measured and journaled, its runner killed before the upload: the queue holds it. */
async function journalThenDie(sn: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', HANG], {
    env: lab.env(api, { TEST_SEQ_ID: String(product.seqId), TEST_SN: sn }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('JOURNALED') && resolve());
    child.on('exit', (code) => reject(new Error(`the runner exited (${code}) before journaling`)));
  });
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
}

const sweepline = (...args: string[]) => lab.sweepline(args, lab.env(api)).done;

const runsOf = (sn: string) =>
  api.sql<{ result: number; release_no: number | null }>(
    'SELECT result, release_no FROM run WHERE sn = $1 ORDER BY id',
    [sn],
  );

/** The draft's IL max upper limit, from 3 dB (which the simulated filter meets) to `upper`. */
async function setIlUpper(upper: number): Promise<void> {
  const seq = await download(api, product.seqId);
  const step = seq.steps.find((s) => s.name === 'IL max')!;
  await api.call('PUT', `/step/param/${step.id}`, { param: { ...step.param, upper } });
}

beforeAll(async () => {
  api = await TestApi.start();
  lab = await LabPc.start('cli-releases');
  product = await makeProduct(api, 'P-REL', UNATTENDED_TEST, ['R-001', 'R-002', 'R-003', 'R-004']);
  // the account's release control, as a manager switches it on in Settings
  await api.sql(
    'UPDATE account SET release_control = true WHERE id = (SELECT account_id FROM seq WHERE id = $1)',
    [product.seqId],
  );
});

afterAll(async () => {
  await lab?.stop();
  await api?.stop();
});

describe('sweepline test release, releases and diff, and the runner under release control', () => {
  it('refuses an empty note before anything is released (exit 2, the rule)', async () => {
    const empty = await sweepline('test', 'release', 'P-REL', 'Final', '--note', ' ');
    expect(empty.code).toBe(2);
    expect(empty.err).toContain(RELEASE_MSG.note);
    expect(await api.sql('SELECT 1 FROM seq_release WHERE seq_id = $1', [product.seqId])).toEqual([]);
  });

  it('releases the test with a note: release 1, which the runner runs', async () => {
    const released = await sweepline('test', 'release', 'P-REL', 'Final', '--note', 'First article approved');
    expect(released.err).toContain('Released Final as release 1');
    expect(released.code).toBe(0);
    const again = await sweepline('test', 'release', 'P-REL', 'Final', '--note', 'Again');
    expect(again.code).toBe(1);
    expect(again.err).toContain(RELEASE_MSG.nothingNew('Final', 1));
  });

  it('shows the draft tightened after the release: the changed limit, as text and as JSON', async () => {
    await setIlUpper(0.01);
    const text = await sweepline('test', 'diff', 'P-REL', 'Final');
    expect(text.code).toBe(0);
    expect(text.out).toContain('Final: release 1 -> the draft');
    expect(text.out).toContain('  ~ step 2 "IL max": changed\n      upper (limit): 3 -> 0.01');

    const json = await sweepline('test', 'diff', 'P-REL', 'Final', '--from', '1', '--to', 'draft', '--json');
    expect(json.code).toBe(0);
    const diff = JSON.parse(json.out) as ReleaseDiff;
    expect(diff).toMatchObject({ from: 1, to: 'draft', same: false, cals: [] });
    expect(diff.steps).toEqual<StepDiff[]>([
      {
        stepId: expect.any(Number) as number,
        name: 'IL max',
        change: 'changed',
        fromIndex: 1,
        toIndex: 1,
        changes: [{ key: 'upper', from: 3, to: 0.01, isLimit: true }],
      },
    ]);
  });

  it('runs release 1 on the simulators while the draft would fail the unit, and the run names it', async () => {
    const run = await sweepline('run', '--product', 'P-REL', '--sn', 'R-001');
    expect(run.out).toContain('P-REL - 1-1 Final, release 1 - serial number R-001');
    expect(run.out).toMatch(/IL max: pass \d+(\.\d+)? dB \(limit ≤ 3 dB\)/);
    expect(run.err).toContain('Uploaded: run 1 of this test in the stage');
    expect(run.code).toBe(0);
    expect(await runsOf('R-001')).toEqual([{ result: 1, release_no: 1 }]);
  });

  it('lists the releases, and says the draft differs', async () => {
    const list = await sweepline('test', 'releases', 'P-REL', 'Final');
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/^NO\s+STATE\s+KIND\s+BY\s+WHEN \(UTC\)\s+NOTE$/m);
    expect(list.out).toMatch(
      /^1\s+released\s+explicit\s+.+\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s+First article approved$/m,
    );
    expect(list.err).toContain('The runner runs release 1; the draft differs from the newest release.');
    const json = await sweepline('test', 'releases', 'P-REL', 'Final', '--json');
    expect(JSON.parse(json.out)).toMatchObject({ runnableNo: 1, draftDiffers: true });
  });

  it('runs the next release once made, the tightened limit failing the unit; a queued run of release 1 goes up named so', async () => {
    await journalThenDie('R-004');
    const released = await sweepline('test', 'release', 'P-REL', 'Final', '--note', 'IL max tightened');
    expect(released.err).toContain('Released Final as release 2');
    const run = await sweepline('run', '--product', 'P-REL', '--sn', 'R-002');
    expect(run.out).toContain('Final, release 2');
    expect(run.out).toMatch(/IL max: FAIL \d+(\.\d+)? dB \(limit ≤ 0\.01 dB\)/);
    expect(run.err).toContain('Uploaded: run 1 of this test in the stage');
    expect(run.code).toBe(3);
    expect(await runsOf('R-002')).toEqual([{ result: 0, release_no: 2 }]);
    // measured on release 1 before release 2 was made, uploaded from the queue as the run started
    expect(run.err).toContain('Uploaded 1 run from the queue.');
    expect(await runsOf('R-004')).toEqual([{ result: 1, release_no: 1 }]);
    const same = await sweepline('test', 'diff', 'P-REL', 'Final', '--from', '2');
    expect(same.out).toContain('Final: release 2 -> the draft: the same content.');
  });

  it('refuses a test never released in the server words, and an unknown test as a usage error', async () => {
    await api.call('POST', '/seq', {
      product_id: product.productId,
      name: 'Burn-in',
      current_seq_id: product.seqId,
    });
    const refused = await sweepline('run', '--product', 'P-REL', '--sn', 'R-003', '--test', 'Burn-in');
    expect(refused.err).toContain(RELEASE_MSG.notReleasedYet('Burn-in'));
    expect(refused.code).toBe(1);
    expect(await runsOf('R-003')).toEqual([]);
    const unknown = await sweepline('test', 'releases', 'P-REL', 'Stop band');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("Product P-REL has no test 'Stop band'");
  });
});
