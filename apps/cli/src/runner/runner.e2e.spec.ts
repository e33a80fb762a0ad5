/**
 * The runner end to end (issue 14): the built API on the embedded PostgreSQL, simulators over
 * real TCP sockets, the engine, the journal and the uploads, with a scripted operator.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Verdict } from '@sweepline/domain';
import { DEFAULT_SIM_CONFIG, startSimulator, type Simulator } from '@sweepline/instruments';
import { ApiClient } from '../api/api-client';
import { CalibrationKeeper } from './calibration-keeper';
import { InstrumentPool } from './instrument-pool';
import { Journal } from './journal';
import type { LabConfig } from './lab-config';
import { runAndRecord, type SessionParts } from './run-session';
import { ClientRunnerApi } from './runner-api';
import { download, EVERY_ACTION, makeProduct, type LabProduct } from './testing/lab-tests';
import { ScriptedOperator, type Answers } from './testing/scripted-prompter';
import { TestApi } from './testing/test-api';
import { Uploader } from './uploader';

jest.setTimeout(180_000);

let api: TestApi;
let ena: Simulator;
let pim: Simulator;
let filter: LabProduct;
let journalDir: string;
let journal: Journal;
let lab: LabConfig;

const SNS = ['F-001', 'F-002', 'F-003', 'F-004', 'F-005', 'F-006', 'F-007', 'F-008', 'F-009', 'F-010'];

function runnerApi(server = api.server): ClientRunnerApi {
  return new ClientRunnerApi(new ApiClient(server, { kind: 'api-token', token: api.token }, 10_000));
}

function parts(overrides: Partial<SessionParts> = {}): SessionParts {
  return {
    api: runnerApi(),
    journal,
    instruments: new InstrumentPool(lab, { transport: { queryTimeoutMs: 1500, writeTimeoutMs: 1500, connectTimeoutMs: 1500 } }),
    calibrations: new CalibrationKeeper(8),
    ...overrides,
  };
}

async function runUnit(sn: string, answers: Answers = {}, overrides: Partial<SessionParts> = {}) {
  const operator = new ScriptedOperator(answers);
  const p = parts(overrides);
  try {
    const seq = await download(api, filter.seqId);
    const outcome = await runAndRecord(p, seq, sn, filter.productName, operator);
    return { outcome, operator };
  } finally {
    await p.instruments.close();
  }
}

async function runsOf(sn: string) {
  return api.sql<{ result: number; steps: { title: string; value: unknown; result: number }[]; client_run_id: string; id: string }>(
    'SELECT id, result, steps, client_run_id FROM run WHERE sn = $1 ORDER BY id',
    [sn],
  );
}

beforeAll(async () => {
  api = await TestApi.start();
  const sim = { ...DEFAULT_SIM_CONFIG, timeScale: 0 };
  ena = await startSimulator({ family: 'ena', config: sim, port: 0 });
  pim = await startSimulator({ family: 'pim', config: sim, port: 0 });
  lab = { networkAnalyzer: { resource: ena.resource }, pimAnalyzer: { resource: pim.resource }, calibrationHours: 8 };
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
    const files = await api.sql<{ kind: string; file_name: string }>('SELECT kind, file_name FROM attachment WHERE run_id = $1 ORDER BY kind', [run!.id]);
    expect(files.map((f) => f.kind)).toEqual(['screenshot', 'snp']);
    const traces = await api.sql('SELECT step_index FROM run_trace WHERE run_id = $1', [run!.id]);
    expect(traces).toHaveLength(1); // the report-marked IL max; passed steps' other traces are dropped
    expect(journal.list().find((e) => e.run.upload.client_run_id === outcome.clientRunId)?.status.state).toBe('uploaded');
  });
});
