/**
 * Helpers of the serial-number, runner and results specs (not part of the build: testing/ folders
 * are skipped): products with complete tests at chosen stages, and valid run uploads.
 */
import { randomUUID } from 'node:crypto';
import type { Product, RunnerProduct, RunUpload, RunUploadAnswer, Seq, StepResult } from '@sweepline/domain';
import { Verdict } from '@sweepline/domain';
import type { TestApp } from '../../../test/test-app';
import type { EditorApi } from '../../editor/testing/editor-api';
import { addProduct, addSeq, completeTest, ok } from '../../editor/testing/editor-api';

export interface LineTest {
  id: number;
  name: string;
  stageNo: number;
  version: number;
}

export interface Line {
  product: Product;
  /** In the order of `stages` given. */
  tests: LineTest[];
}

/**
 * A product with one complete test per entry of `stages`, at that stage (test numbers 1, 2...
 * in order): the first test is built step by step, the others are copies of it.
 */
export async function productWithTests(
  api: EditorApi,
  name: string,
  stages: readonly number[],
): Promise<Line> {
  const product = await addProduct(api, name);
  const seqs: Seq[] = [];
  for (const [i] of stages.entries()) {
    seqs.push(
      i === 0
        ? await completeTest(api, (await addSeq(api, product.id, `${name} T1`)).id)
        : await ok<Seq>(
            api.post('/seq/copy', {
              from_seq_id: seqs[0]!.id,
              to_product_id: product.id,
              current_seq_id: -1,
              new_seq_name: `${name} T${i + 1}`,
            }),
          ),
    );
  }
  const seqArray = seqs.map((seq, i) => ({ seq_id: seq.id, stage_no: stages[i], test_no: i + 1 }));
  await ok(api.put(`/product/process_control/${product.id}`, { seq_array: seqArray }));
  return { product, tests: await testsOf(api, product.id, seqs) };
}

/** The tests with their current numbers and versions, as the runner sees them. */
export async function testsOf(
  api: EditorApi,
  productId: number,
  seqs: readonly { id: number }[],
): Promise<LineTest[]> {
  const products = await ok<RunnerProduct[]>(api.get('/runner/products'));
  const runnable = products.find((p) => p.id === productId)?.seqs ?? [];
  return seqs.map((seq) => runnable.find((r) => r.id === seq.id)!);
}

export function addSerialNumbers(api: EditorApi, productId: number, sns: string[]) {
  return ok(api.post('/sn', { product_id: productId, sn_array: sns }));
}

export const PASS_STEPS: StepResult[] = [
  { title: 'Pass band', isHeader: true, lower: null, upper: null, value: null, unit: '', result: 1 },
  {
    title: 'Insertion Loss Max',
    isHeader: false,
    lower: null,
    upper: 1.5,
    value: 0.82,
    unit: 'dB',
    result: 1,
  },
  { title: 'Gain Max', isHeader: false, lower: -3, upper: 3, value: 0.5, unit: 'dB', result: 1 },
];

export const FAIL_STEPS: StepResult[] = PASS_STEPS.map((step, i) =>
  i === 2 ? { ...step, value: 4, result: 0 } : step,
);

let clock = Date.parse('2025-11-20T08:00:00Z');

/** A valid upload of a run of `test` on `sn`, passed unless told otherwise; each starts a minute later. */
export function runOf(
  test: Pick<LineTest, 'id' | 'version'>,
  sn: string,
  over: Partial<RunUpload> = {},
): RunUpload {
  clock += 60_000;
  const result = over.result ?? 1;
  return {
    client_run_id: randomUUID(),
    seq_id: test.id,
    seq_version: test.version,
    sn,
    start_time: new Date(clock).toISOString(),
    end_time: new Date(clock + 30_000).toISOString(),
    result,
    steps: result === 1 ? PASS_STEPS : FAIL_STEPS,
    ...over,
  };
}

/**
 * Uploads a run of `test` on `sn` through the runner's call, started and ended at `at`; a run
 * that does not pass carries FAIL_STEPS.
 */
export async function uploadRunAt(
  api: EditorApi,
  test: Pick<LineTest, 'id' | 'version'>,
  sn: string,
  at: string,
  result: Verdict,
): Promise<void> {
  const run = runOf(test, sn, { start_time: at, end_time: at, result });
  if (result !== Verdict.Passed) run.steps = FAIL_STEPS;
  await ok<RunUploadAnswer>(api.post('/runner/runs', run));
}

/** Rows of the tables this feature writes, for one account: to show a refusal changed nothing. */
export async function runRows(t: () => TestApp, accountId: number): Promise<unknown> {
  const ds = t().dataSource;
  const [sns, history, runs, traces, attachments] = await Promise.all([
    ds.query('SELECT * FROM serial_number WHERE account_id = $1 ORDER BY id', [accountId]),
    ds.query('SELECT * FROM sn_stage_history WHERE account_id = $1 ORDER BY id', [accountId]),
    ds.query('SELECT * FROM run WHERE account_id = $1 ORDER BY id', [accountId]),
    ds.query(
      'SELECT t.run_id, t.step_index FROM run_trace t JOIN run r ON r.id = t.run_id WHERE r.account_id = $1 ORDER BY 1, 2',
      [accountId],
    ),
    ds.query('SELECT id, run_id, size FROM attachment WHERE account_id = $1 ORDER BY id', [accountId]),
  ]);
  return { sns, history, runs, traces, attachments };
}
