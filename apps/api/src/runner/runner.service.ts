import { Injectable } from '@nestjs/common';
import {
  incompleteReason,
  pendingSeqIds,
  Refused,
  RUNNER_MSG,
  RunnerProduct,
  RunnerSeq,
  RunnerSnState,
} from '@sweepline/domain';
import { AccountCtx } from '../auth/auth-context';
import { EditorService } from '../editor/editor.service';
import { ResultsService } from '../runs/results.service';
import type { StageTestRow } from '../runs/runs.repository';
import { SerialNumberFinder } from '../serial-numbers/serial-number-finder';
import { StageVisits } from '../serial-numbers/stage-visits.service';
import { RunnerRepository } from './runner.repository';

export function stageTestState(test: StageTestRow) {
  return { seqId: test.id, latest: test.latest ?? undefined };
}

/** The runner's reading calls (docs/requirements/runner.md#runner-calls). */
@Injectable()
export class RunnerService {
  constructor(
    private readonly repo: RunnerRepository,
    private readonly results: ResultsService,
    private readonly finder: SerialNumberFinder,
    private readonly visits: StageVisits,
    private readonly editor: EditorService,
  ) {}

  products(acct: AccountCtx): Promise<RunnerProduct[]> {
    return this.repo.products(acct.accountId);
  }

  /** One test in full; the runner downloads only complete tests (docs/requirements/product.md). */
  async seq(acct: AccountCtx, seqId: number): Promise<RunnerSeq> {
    const row = await this.repo.seq(acct.accountId, seqId);
    const steps = await this.editor.steps(seqId);
    if (!row.is_completed) throw new Refused(RUNNER_MSG.notComplete(row.name, incompleteReason(steps)));
    return {
      id: row.id,
      productId: row.product_id,
      name: row.name,
      stageNo: row.stage_no,
      testNo: row.test_no,
      version: row.version,
      steps,
      cals: row.cals,
    };
  }

  /** Where a serial number is and what it still has to pass there, each with its next run_no. */
  async sn(acct: AccountCtx, sn: string, productId?: number): Promise<RunnerSnState> {
    const { product, units } = await this.finder.find(acct.accountId, [sn], productId);
    const unit = units[0]!;
    const visit = await this.visits.visit(acct.accountId, unit, acct.userName);
    const state = { sn: unit.sn, productId: product.id, productName: product.name, finished: visit.finished };
    if (visit.stageNo === null) return { ...state, stageNo: null, pending: [] };
    const tests = await this.results.stageTests(unit.id, visit.historyId, product.id, visit.stageNo);
    const pendingIds = new Set(pendingSeqIds(tests.map(stageTestState)));
    const pending = tests
      .filter((test) => pendingIds.has(test.id))
      .map((test) => ({
        id: test.id,
        name: test.name,
        stageNo: test.stage_no,
        testNo: test.test_no,
        version: test.version,
        isCompleted: test.is_completed,
        nextRunNo: test.runs + 1,
      }));
    return { ...state, stageNo: visit.stageNo, pending };
  }
}
