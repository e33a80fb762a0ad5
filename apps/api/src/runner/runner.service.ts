import { Injectable } from '@nestjs/common';
import { pendingSeqIds, RunnerProduct, RunnerSeq, RunnerSnState } from '@sweepline/domain';
import { AccountCtx } from '../auth/auth-context';
import { ReleasesService } from '../releases/releases.service';
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
    private readonly releases: ReleasesService,
  ) {}

  /**
   * The runnable tests (docs/releases.md, "The runner"): under release control those with a
   * released release, at its version; without, the complete ones, with the release that holds
   * the draft, if one does.
   */
  async products(acct: AccountCtx): Promise<RunnerProduct[]> {
    const products = await this.repo.products(acct.accountId);
    const { releaseControl, releases } = await this.releases.runnable(
      acct,
      products.flatMap((product) => product.seqs.map((seq) => seq.id)),
    );
    return products
      .map((product) => ({
        ...product,
        seqs: product.seqs.flatMap(({ isCompleted, ...seq }) => {
          const release = releases.get(seq.id);
          if (releaseControl ? !release : !isCompleted) return [];
          const version = releaseControl ? release!.seqVersion : seq.version;
          return [{ ...seq, version, releaseNo: release?.no ?? null }];
        }),
      }))
      .filter((product) => product.seqs.length > 0);
  }

  /**
   * One test in full, as the release it runs (docs/releases.md, "The runner"): under release
   * control the newest released release; without, the complete draft, released automatically
   * the first time a runner fetches it. Its name, stage and test numbers are the live test's.
   */
  async seq(acct: AccountCtx, seqId: number): Promise<RunnerSeq> {
    const row = await this.repo.seq(acct.accountId, seqId);
    const { releaseControl, release, content } = await this.releases.forRunner(acct, row);
    return {
      id: row.id,
      productId: row.product_id,
      name: row.name,
      stageNo: row.stage_no,
      testNo: row.test_no,
      // without release control an older runner uploads the draft's version, as before releases
      version: releaseControl ? release.seqVersion : row.version,
      releaseNo: release.no,
      steps: content.steps,
      cals: content.cals,
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
    const { releaseControl, releases } = await this.releases.runnable(acct, [...pendingIds]);
    const pending = tests
      .filter((test) => pendingIds.has(test.id))
      .map((test) => {
        const release = releases.get(test.id);
        return {
          id: test.id,
          name: test.name,
          stageNo: test.stage_no,
          testNo: test.test_no,
          version: releaseControl ? (release?.seqVersion ?? test.version) : test.version,
          releaseNo: release?.no ?? null,
          // whether the runner can download it: under release control, whether it was released
          isCompleted: releaseControl ? release !== undefined : test.is_completed,
          nextRunNo: test.runs + 1,
        };
      });
    return { ...state, stageNo: visit.stageNo, pending };
  }
}
