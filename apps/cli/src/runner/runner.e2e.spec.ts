/**
 * The runner end to end (issue 14): the built API on the embedded PostgreSQL, simulators over
 * real TCP sockets, the engine, the journal and the uploads, with a scripted operator.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Verdict, type RunnerSeq } from '@sweepline/domain';
import { DEFAULT_SIM_CONFIG, NO_FAULT, startSimulator, type Simulator } from '@sweepline/instruments';
import type { TestProduct } from '@sweepline/testing';
import { ApiClient } from '../client/api-client';
import { CalibrationKeeper } from './calibration-keeper';
import { InstrumentPool } from './instrument-pool';
import { Journal } from './journal';
import type { LabConfig } from './lab-config';
import { runAndRecord, type SessionParts } from './run-session';
import { findProduct, RunRefused, runnableTests } from './choose-test';
import { ClientRunnerApi } from './runner-api';
import { download, EVERY_ACTION, makeProduct, NO_RESULTS_TEST, TRACED_TEST } from './testing/lab-tests';
import { ScriptedOperator, type Answers } from './testing/scripted-prompter';
import { TestApi } from './testing/test-api';
import { uploadRun, Uploader } from './uploader';

jest.setTimeout(180_000);

let api: TestApi;
let ena: Simulator;
let pim: Simulator;
let filter: TestProduct;
let journalDir: string;
let journal: Journal;
let lab: LabConfig;
const downloaded = new Map<number, RunnerSeq>();

/** Downloaded once, as a runner does before a shift of serial numbers (the API may go down later). */
async function downloadOnce(product: TestProduct): Promise<RunnerSeq> {
  const seq = downloaded.get(product.seqId) ?? (await download(api, product.seqId));
  downloaded.set(product.seqId, seq);
  return seq;
}

const SNS = Array.from({ length: 14 }, (_, i) => `F-${String(i + 1).padStart(3, '0')}`);

function runnerApi(server = api.server): ClientRunnerApi {
  return new ClientRunnerApi(new ApiClient(server, { kind: 'api-token', token: api.token }, 10_000));
}

function parts(overrides: Partial<SessionParts> = {}): SessionParts {
  return {
    api: runnerApi(),
    journal,
    instruments: new InstrumentPool(lab, {
      transport: { queryTimeoutMs: 1500, writeTimeoutMs: 1500, connectTimeoutMs: 1500 },
    }),
    calibrations: new CalibrationKeeper(8),
    ...overrides,
  };
}

async function runUnit(
  sn: string,
  answers: Answers = {},
  overrides: Partial<SessionParts> = {},
  signal?: AbortSignal,
  product: TestProduct = filter,
) {
  const operator = new ScriptedOperator(answers);
  const p = parts(overrides);
  try {
    const seq = await downloadOnce(product);
    const outcome = await runAndRecord(p, seq, sn, product.productName, operator, operator, signal);
    return { outcome, operator };
  } finally {
    await p.instruments.close();
  }
}

async function runsOf(sn: string) {
  return api.sql<{
    result: number;
    steps: { title: string; value: unknown; result: number }[];
    client_run_id: string;
    id: string;
  }>('SELECT id, result, steps, client_run_id FROM run WHERE sn = $1 ORDER BY id', [sn]);
}

beforeAll(async () => {
  api = await TestApi.start();
  const sim = { ...DEFAULT_SIM_CONFIG, timeScale: 0 };
  ena = await startSimulator({ family: 'ena', config: sim, port: 0 });
  pim = await startSimulator({ family: 'pim', config: sim, port: 0 });
  lab = {
    networkAnalyzer: { resource: ena.resource },
    pimAnalyzer: { resource: pim.resource },
    calibrationHours: 8,
  };
  filter = await makeProduct(api, 'F-900', EVERY_ACTION, SNS);
  journalDir = mkdtempSync(join(tmpdir(), 'sweepline-journal-'));
  journal = Journal.open(journalDir);
});

afterAll(async () => {
  journal?.close();
  await Promise.all([ena?.close(), pim?.close()]);
  await api?.stop();
  if (journalDir) rmSync(journalDir, { recursive: true, force: true });
});

describe('a unit through every action', () => {
  it('passes, with smart calibration, traces, a screenshot and the SnP file, and is uploaded once', async () => {
    const { outcome, operator } = await runUnit('F-001');
    expect(operator.failures).toEqual([]);
    expect(outcome.verdict).toBe(Verdict.Passed);
    expect(outcome.answer?.run_no).toBe(1);
    // three calibrations (two of ports 1-2, one of 3-4) made together: each connection asked once
    const connections = operator.asked.filter((q) => q.startsWith('Calibration'));
    expect(connections).toHaveLength(14);
    expect(new Set(connections.map((q) => q.replace(/^Calibration \d+ of \d+: /, ''))).size).toBe(14);
    const [run] = await runsOf('F-001');
    expect(run!.result).toBe(1);
    expect(run!.steps.map((s) => s.title)).toContain('Cable transmission');
    const files = await api.sql<{ kind: string; file_name: string }>(
      'SELECT kind, file_name FROM attachment WHERE run_id = $1 ORDER BY kind',
      [run!.id],
    );
    expect(files.map((f) => f.kind)).toEqual(['screenshot', 'snp']);
    const traces = await api.sql('SELECT step_index FROM run_trace WHERE run_id = $1', [run!.id]);
    expect(traces).toHaveLength(1); // the report-marked IL max; passed steps' other traces are dropped
    expect(journal.list().find((e) => e.run.upload.client_run_id === outcome.clientRunId)?.status.state).toBe(
      'uploaded',
    );
  });
});

describe('traces (docs/requirements/storage.md#traces)', () => {
  interface StoredTrace {
    stepIndex: number;
    freqs_MHz: number[];
    values: number[];
  }

  it("uploads the failed Align row's active trace and the report-marked swept PIM tone in frequency order", async () => {
    const product = await makeProduct(api, 'T-900', TRACED_TEST, ['T-001']);
    const { outcome, operator } = await runUnit('T-001', {}, {}, undefined, product);
    expect(operator.failures).toEqual([]);
    expect(outcome.verdict).toBe(Verdict.Failed);
    const [run] = await runsOf('T-001');
    const steps = run!.steps as { title: string; value: number | null; unit: string; result: number }[];
    expect(steps.map((s) => [s.title, s.unit, s.result])).toEqual([
      ['Align', 'dB', 0],
      ['PIM sweep', 'dBc', 1],
    ]);
    const traces = await api.call<StoredTrace[]>('GET', `/runs/${run!.id}/traces`);
    expect(traces.map((t) => t.stepIndex)).toEqual([0, 1]);
    const [align, pimTrace] = traces as [StoredTrace, StoredTrace];
    // ALIGN_CAL: 850-950 MHz, 101 points; the filter's S21 in dB, above the -3 dB line in the pass band
    expect(align.freqs_MHz).toHaveLength(101);
    expect([align.freqs_MHz[0], align.freqs_MHz[100]]).toEqual([850, 950]);
    expect(Math.max(...align.values.slice(35, 66))).toBeGreaterThan(-3);
    // 11 readings of sweep 1 (IM3 low 890-910 MHz) and 11 of sweep 2 (900 down to 890 MHz): ascending
    expect(pimTrace.freqs_MHz).toHaveLength(22);
    expect(pimTrace.freqs_MHz).toEqual([...pimTrace.freqs_MHz].sort((a, b) => a - b));
    expect(pimTrace.freqs_MHz[0]).toBeCloseTo(890, 3);
    expect(pimTrace.freqs_MHz[21]).toBeCloseTo(910, 3);
    // the step's value is its worst reading, in dBc like every point of the trace
    expect(Math.max(...pimTrace.values)).toBeCloseTo(steps[1]!.value!, 4);
  });
});

describe('a test without result rows (only a Prompt and a Delay)', () => {
  it('passes, is uploaded with no rows, and the serial number passes the stage', async () => {
    const product = await makeProduct(api, 'P-900', NO_RESULTS_TEST, ['P-001'], []);
    const { outcome, operator } = await runUnit('P-001', {}, {}, undefined, product);
    expect(operator.asked).toEqual(['Connect the filter to ports 1 and 2', 'Settle: 1 s']);
    expect(outcome.verdict).toBe(Verdict.Passed);
    expect(outcome.uploadProblem).toBeUndefined();
    expect(outcome.answer).toMatchObject({ run_no: 1, stage_no: null, finished: true });
    const [run] = await runsOf('P-001');
    expect(run).toMatchObject({ result: 1, steps: [] });
  });
});

describe('verdicts', () => {
  it('fails a unit whose operator answers fall outside the limits', async () => {
    const { outcome } = await runUnit('F-002', { number: 9, yesNo: 'no' });
    expect(outcome.verdict).toBe(Verdict.Failed);
    const [run] = await runsOf('F-002');
    expect(run!.result).toBe(0);
    expect(run!.steps.find((s) => s.title === 'Voltage')).toMatchObject({ value: 9, result: 0 });
    expect(run!.steps.find((s) => s.title === 'Label')).toMatchObject({ value: 'no', result: 0 });
  });

  it('keeps the calibrations for the next unit of the shift', async () => {
    const keeper = new CalibrationKeeper(8);
    const first = await runUnit('F-003', {}, { calibrations: keeper });
    const second = await runUnit('F-004', {}, { calibrations: keeper });
    expect(first.operator.asked.filter((q) => q.startsWith('Calibration'))).toHaveLength(14);
    expect(second.operator.asked.filter((q) => q.startsWith('Calibration'))).toEqual([]);
    expect(second.outcome.verdict).toBe(Verdict.Passed);
    // a preset on the analyzer loses its calibrations: the next unit calibrates again
    ena.setFault(NO_FAULT);
    const { connectNetworkAnalyzer } = await import('@sweepline/instruments');
    const na = await connectNetworkAnalyzer(ena.resource);
    await na.preset();
    await na.close();
    const third = await runUnit('F-011', {}, { calibrations: keeper });
    expect(third.operator.asked.filter((q) => q.startsWith('Calibration'))).toHaveLength(14);
  });

  it("calibrates with the lab's ECal module: one connection per set of ports, kept for the shift", async () => {
    const withEcal = () =>
      new InstrumentPool(
        { ...lab, ecalPorts: 2 },
        { transport: { queryTimeoutMs: 1500, writeTimeoutMs: 1500, connectTimeoutMs: 1500 } },
      );
    const keeper = new CalibrationKeeper(8);
    // the analyzer still applies the previous units' calibrations: a preset drops them
    const { connectNetworkAnalyzer } = await import('@sweepline/instruments');
    const na = await connectNetworkAnalyzer(ena.resource);
    await na.preset();
    await na.close();
    const first = await runUnit('F-013', {}, { calibrations: keeper, instruments: withEcal() });
    expect(first.operator.failures).toEqual([]);
    // three 2-port calibrations (two of ports 1-2, one of 3-4): two connections instead of 14
    expect(first.operator.asked.filter((q) => q.startsWith('Calibration'))).toEqual([
      'Calibration 1 of 2: Connect the ECal module to ports 1, 2',
      'Calibration 2 of 2: Connect the ECal module to ports 3, 4',
    ]);
    expect(first.outcome.verdict).toBe(Verdict.Passed);
    // each channel was corrected by the module: the next unit finds them applied and asks nothing
    const second = await runUnit('F-014', {}, { calibrations: keeper, instruments: withEcal() });
    expect(second.operator.asked.filter((q) => q.startsWith('Calibration'))).toEqual([]);
  });

  it('records an aborted run when the operator presses Ctrl-C', async () => {
    const controller = new AbortController();
    const { outcome } = await runUnit(
      'F-005',
      { onAcknowledge: (m) => (m.startsWith('Connect the filter') ? controller.abort() : undefined) },
      {},
      controller.signal,
    );
    expect(outcome.verdict).toBe(Verdict.Aborted);
    const [run] = await runsOf('F-005');
    expect(run!.result).toBe(-1);
    expect(run!.steps.map((s) => s.title)).toEqual(['Filter F-900']);
  });
});

describe('instrument failures: the operator retries, skips or aborts', () => {
  afterEach(() => ena.setFault(NO_FAULT));

  /** Sets the fault once calibration is done, when the operator acknowledges the first Prompt. */
  const faultAfterCalibration = (fault: Parameters<Simulator['setFault']>[0]) => (message: string) => {
    if (message.startsWith('Connect the filter')) ena.setFault(fault);
  };

  it('names the instrument and the command of an instrument error, and a retry goes on', async () => {
    const { outcome, operator } = await runUnit('F-006', {
      onAcknowledge: faultAfterCalibration({ kind: 'ERROR', errorCode: -222 }),
      onFailure: () => {
        ena.setFault(NO_FAULT);
        return 'retry';
      },
    });
    expect(operator.failures).toHaveLength(1);
    expect(operator.failures[0]).toContain(`Step 'IL max' failed: ${ena.resource} reported -222`);
    expect(operator.failures[0]).toMatch(/after '[^']+'/);
    expect(outcome.verdict).toBe(Verdict.Passed);
  });

  it('a timeout that the operator skips is recorded as a failed step', async () => {
    const { outcome, operator } = await runUnit('F-007', {
      onAcknowledge: faultAfterCalibration({ kind: 'NOREPLY' }),
      onFailure: () => {
        ena.setFault(NO_FAULT);
        return 'skip';
      },
    });
    expect(operator.failures[0]).toMatch(
      new RegExp(
        `No complete reply from ${ena.resource.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} to '[^']+' within 1500 ms`,
      ),
    );
    expect(outcome.verdict).toBe(Verdict.Failed);
    const [run] = await runsOf('F-007');
    expect(run!.steps.find((s) => s.title === 'IL max')).toMatchObject({ result: 0 });
    expect(String(run!.steps.find((s) => s.title === 'IL max')!.value)).toMatch(
      /^skipped: No complete reply/,
    );
  });

  it('a connection dropped mid-sweep is named, and the retry reconnects', async () => {
    const { outcome, operator } = await runUnit('F-008', {
      onAcknowledge: faultAfterCalibration({ kind: 'DROP' }),
      onFailure: () => {
        ena.setFault(NO_FAULT);
        return 'retry';
      },
    });
    // the sweep or the block of its data, whichever the simulator was in when it dropped
    expect(operator.failures[0]).toMatch(/was lost during the sweep|closed the connection while replying/);
    expect(operator.failures[0]).toContain(ena.resource);
    expect(outcome.verdict).toBe(Verdict.Passed);
  });

  it('a calibration the operator skips is a failed row: the unit was measured uncalibrated', async () => {
    ena.setFault({ kind: 'ERROR' });
    const { outcome, operator } = await runUnit('F-012', {
      onFailure: () => {
        ena.setFault(NO_FAULT);
        return 'skip';
      },
    });
    expect(operator.failures[0]).toMatch(/^Step 'Calibration' failed: .*reported -200/);
    expect(outcome.verdict).toBe(Verdict.Failed);
    expect(outcome.uploadProblem).toBeUndefined();
    const [run] = await runsOf('F-012');
    expect(run!.steps[0]).toMatchObject({ title: 'Calibration', result: 0 });
  });

  it('abort after a failure records an aborted run with what was measured', async () => {
    const { outcome } = await runUnit('F-009', {
      onAcknowledge: faultAfterCalibration({ kind: 'ERROR' }),
      onFailure: () => 'abort',
    });
    expect(outcome.verdict).toBe(Verdict.Aborted);
    expect(outcome.abortReason).toContain('reported -200');
    const [run] = await runsOf('F-009');
    expect(run!.result).toBe(-1);
  });
});

describe('the journal and the queue', () => {
  it('keeps a run made while the API is down and uploads it when it is back, once', async () => {
    await downloadOnce(filter);
    await api.down();
    let outcome;
    try {
      ({ outcome } = await runUnit('F-010'));
    } finally {
      await api.up();
    }
    expect(outcome.verdict).toBe(Verdict.Passed);
    expect(outcome.uploadProblem).toContain('Cannot reach the Sweepline server');
    expect(journal.waiting().map((r) => r.upload.client_run_id)).toContain(outcome.clientRunId);
    expect(await runsOf('F-010')).toEqual([]);

    const result = await new Uploader(journal, runnerApi()).flush();
    expect(result.uploaded).toHaveLength(1);
    expect(journal.waiting()).toEqual([]);
    const runs = await runsOf('F-010');
    expect(runs.map((r) => r.client_run_id)).toEqual([outcome.clientRunId]);

    // the same run again (a retry after a lost answer): the first answer, nothing counted twice
    const entry = journal.list().find((e) => e.run.upload.client_run_id === outcome.clientRunId)!;
    const again = await runnerApi().uploadRun(entry.run.upload);
    expect(entry.status.state === 'uploaded' && entry.status.answer.run_id).toBe(again.run_id);
    expect(await runsOf('F-010')).toHaveLength(1);
    expect(await api.sql('SELECT 1 FROM attachment WHERE run_id = $1', [runs[0]!.id])).toHaveLength(2);
    await uploadRun(journal, runnerApi(), entry.run); // attachments too are answered, not stored twice
    expect(await api.sql('SELECT 1 FROM attachment WHERE run_id = $1', [runs[0]!.id])).toHaveLength(2);
  });
});

describe('stages', () => {
  it('refuses a test of another stage, naming both stages', async () => {
    const product = await makeProduct(
      api,
      'S-2',
      [{ action: EVERY_ACTION[0]!.action, name: 'Heading', param: () => ({ value: 'Stage 1' }) }],
      ['S-001'],
      [],
    );
    const second = await api.call<{ id: number }>('POST', '/seq', {
      product_id: product.productId,
      name: 'Burn-in',
      current_seq_id: -1,
    });
    await api.call('PUT', `/product/process_control/${product.productId}`, {
      seq_array: [{ seq_id: second.id, stage_no: 2, test_no: 1 }],
    });
    const header = await api.call<{ steps: { id: number }[] }>('POST', '/step', {
      seq_id: second.id,
      instrument_id: 0,
      action_id: 2,
      is_default_name: false,
      name: 'Heading',
      after_step_id: -1,
    });
    await api.call('PUT', `/step/param/${header.steps[0]!.id}`, { param: { value: 'Stage 2' } });
    const products = await runnerApi().products();
    const s2 = findProduct(products, 'S-2');
    const state = await runnerApi().sn('S-001', s2.id);
    expect(state.stageNo).toBe(1);
    expect(() => runnableTests(s2, state, 'Burn-in')).toThrow(
      new RunRefused(
        'Serial number S-001 is at stage 1, and test Burn-in belongs to stage 2: it cannot run now',
      ),
    );
    expect(runnableTests(s2, state, undefined).map((t) => t.name)).toEqual(['Final']);
  });

  it('refuses a serial number that finished every stage', async () => {
    const products = await runnerApi().products();
    const f = findProduct(products, 'F-900');
    const state = await runnerApi().sn('F-001', f.id);
    expect(() => runnableTests(f, state, undefined)).toThrow(
      /Serial number F-001 has finished all stages of F-900/,
    );
  });
});
