/**
 * An in-memory fake of RunUploadRepository over the serial numbers' in-memory store, and
 * newRunUploadService(), for the upload's service spec without a database (as immich's
 * newTestService() does). Each method answers what its SQL selects; the int-specs prove the SQL.
 * Not part of the build (testing/ folders are skipped).
 */
import {
  type ReleaseState,
  type RunUpload,
  type StageNo,
  type StageTestState,
  type Verdict,
} from '@sweepline/domain';
import {
  type FakeProduct,
  newSerialNumbersService,
  SerialNumbersStore,
} from '../../serial-numbers/testing/in-memory-serial-numbers';
import {
  type NewRun,
  type UploadedRun,
  type UploadedRunKey,
  RunUploadRepository,
  type UploadState,
  type UploadTarget,
  type UploadTest,
  type UploadUnit,
} from '../run-upload.repository';
import { TrialQuotaRepository } from '../../rate-limit/trial-quota.repository';
import { TrialQuotaService } from '../../rate-limit/trial-quota.service';
import type { SpcJudge } from '../../spc/spc-judge.service';
import type { JudgedRun } from '../../spc/spc.repository';
import { RunUploadService } from '../run-upload.service';

export interface FakeTest {
  id: number;
  accountId: number;
  productId: number;
  name: string;
  stageNo: number;
  version: number;
  isCompleted: boolean;
  /** Its releases, as seq_release holds them. */
  releases: { no: number; state: ReleaseState; seqVersion: number }[];
  /** Whether a step of it has frozen SPC limits (spc_step_state rows). */
  frozenLimits: boolean;
}

export type FakeRun = Omit<NewRun, 'traces' | 'unmarkFirst'> & { id: number; traceSteps: number[] };

/** The serial numbers' store, with the tests and the runs the upload reads and writes. */
export class RunnerStore extends SerialNumbersStore {
  readonly tests: FakeTest[] = [];
  readonly runs: FakeRun[] = [];
  /** Runs before the state is read, under the lock (a twin upload stored meanwhile). */
  beforeState: (() => Promise<unknown>) | undefined;

  addTest(product: FakeProduct, name: string, stageNo: number, over: Partial<FakeTest> = {}): FakeTest {
    const test = {
      id: this.nextId(),
      accountId: product.accountId,
      productId: product.id,
      name,
      stageNo,
      version: 1,
      isCompleted: true,
      releases: [],
      frozenLimits: false,
      ...over,
    };
    this.tests.push(test);
    product.testStages.push(stageNo);
    return test;
  }

  /** The serial number's runs of the test in the stage visit `historyId`. */
  runsInVisit(serialNumberId: number, seqId: number, historyId: number | null): FakeRun[] {
    return this.runs.filter(
      (r) => r.serialNumberId === serialNumberId && r.seqId === seqId && r.historyId === historyId,
    );
  }

  stageOfEntry(historyId: number | null): StageNo {
    return this.history.find((entry) => entry.id === historyId)?.stageNo ?? null;
  }
}

const keyOf = (run: FakeRun): UploadedRunKey => ({ id: run.id, start: run.startTime.toISOString() });

class InMemoryRunUploadRepository extends RunUploadRepository {
  constructor(private readonly rows: RunnerStore) {
    super(undefined as never);
  }

  private stored(accountId: number, clientRunId: string): FakeRun | undefined {
    return this.rows.runs.find((r) => r.accountId === accountId && r.clientRunId === clientRunId);
  }

  override async target(
    accountId: number,
    run: Pick<RunUpload, 'client_run_id' | 'seq_id' | 'sn' | 'release_no' | 'seq_version'>,
  ): Promise<UploadTarget> {
    const repeat = this.stored(accountId, run.client_run_id);
    if (repeat) return { repeat: keyOf(repeat), test: null, unit: null };
    const found = this.rows.tests.find((t) => t.id === run.seq_id && t.accountId === accountId);
    const product = found && this.rows.liveProduct(found.productId);
    if (!found || !product) return { repeat: null, test: null, unit: null };
    const test: UploadTest = {
      id: found.id,
      product_id: product.id,
      product_name: product.name,
      name: found.name,
      stage_no: found.stageNo,
      version: found.version,
      is_completed: found.isCompleted,
      named_release_state: found.releases.find((r) => r.no === run.release_no)?.state ?? null,
      version_release_no: found.releases
        .filter((r) => r.seqVersion === run.seq_version && r.state === 'released')
        .reduce<number | null>((newest, r) => Math.max(newest ?? 0, r.no), null),
    };
    const unit = this.rows.units.find((u) => u.productId === product.id && u.sn === run.sn);
    return {
      repeat: null,
      test,
      unit: unit ? { id: unit.id, sn: unit.sn, history_id: unit.historyId } : null,
    };
  }

  override async state(
    accountId: number,
    clientRunId: string,
    unit: UploadUnit,
    test: UploadTest,
    startTime: Date,
    result: Verdict,
    _origin: Pick<RunUpload, 'instruments' | 'calibrations'>,
  ): Promise<UploadState> {
    await this.rows.beforeState?.();
    const twin = this.stored(accountId, clientRunId);
    const stages = this.rows.stages(test.product_id);
    const visitStage = this.rows.stageOfEntry(unit.history_id);
    const first = this.rows.runs.find(
      (r) => r.serialNumberId === unit.id && r.seqId === test.id && r.isFirst,
    );
    const stageOfTests = unit.history_id === null ? stages[0] : visitStage;
    const tests: StageTestState[] = this.rows.tests
      .filter((t) => t.productId === test.product_id && t.stageNo === stageOfTests)
      .map((t) => {
        const runs = this.rows
          .runsInVisit(unit.id, t.id, unit.history_id)
          .map((r) => ({ start: r.startTime.getTime(), result: r.result, id: r.id }));
        if (t.id === test.id) runs.push({ start: startTime.getTime(), result, id: Infinity });
        const latest = runs.sort((a, b) => b.start - a.start || b.id - a.id)[0];
        return latest ? { seqId: t.id, latest: latest.result } : { seqId: t.id };
      });
    return {
      twin: twin ? keyOf(twin) : null,
      visit_stage: visitStage,
      stages,
      runs: this.rows.runsInVisit(unit.id, test.id, unit.history_id).length,
      first: first
        ? {
            id: first.id,
            startMs: first.startTime.getTime(),
            start: first.startTime.toISOString(),
            result: first.result,
          }
        : null,
      tests,
      frozen_limits: this.rows.tests.find((t) => t.id === test.id)!.frozenLimits,
      // the origin's rules have a spec of their own (upload-origin.spec.ts) and int-specs
      allow_overdue: null,
      instruments: [],
      calibrations: [],
    };
  }

  override async store(run: NewRun): Promise<{ id: number; outside: boolean }> {
    if (this.stored(run.accountId, run.clientRunId))
      throw Object.assign(new Error('duplicate key'), { code: '23505' });
    const { traces, unmarkFirst: _unmark, ...row } = run;
    const stored = { ...row, id: this.rows.nextId(), traceSteps: traces.map((t) => t.stepIndex) };
    this.rows.runs.push(stored);
    return { id: stored.id, outside: false };
  }

  override async uploadedRun(_accountId: number, key: UploadedRunKey): Promise<UploadedRun> {
    const run = this.rows.runs.find((r) => r.id === key.id)!;
    const advance = this.rows.history.find((e) => e.runId === run.id && e.reason === 'advance');
    return {
      id: run.id,
      run_no: run.runNo,
      seq_id: run.seqId,
      sn: run.sn,
      visit_stage: this.rows.stageOfEntry(run.historyId),
      advanced: advance !== undefined,
      after_stage: advance?.stageNo ?? null,
    };
  }

  override async unmarkFirst(run: { id: number }): Promise<void> {
    this.rows.runs.find((r) => r.id === run.id)!.isFirst = false;
  }
}

/** Every account past its free trial: no quota applies (the quotas have an int-spec of their own). */
class NoTrialAccounts extends TrialQuotaRepository {
  constructor() {
    super(undefined as never);
  }

  override charge(_accountId: number, _bytes: number, _trialDays: number): Promise<undefined> {
    return Promise.resolve(undefined);
  }
}

/** The run upload over one in-memory store, its stage moves made by the real StageVisits. */
export function newRunUploadService() {
  const store = new RunnerStore();
  const { visits } = newSerialNumbersService(store);
  const quota = new TrialQuotaService(new NoTrialAccounts(), undefined as never, undefined as never);
  // the runs judged, by id (SpcJudge has its own specs)
  const judged: number[] = [];
  const spc = {
    judgeRun: (_accountId: number, run: JudgedRun) => (judged.push(run.runId), Promise.resolve()),
  } as unknown as SpcJudge;
  return {
    store,
    judged,
    service: new RunUploadService(new InMemoryRunUploadRepository(store), visits, quota, spc),
  };
}
