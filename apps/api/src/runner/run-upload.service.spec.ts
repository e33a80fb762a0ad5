import { Conflict, NotFound, Refused, RELEASE_MSG, Verdict } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { newRunUploadService } from './testing/in-memory-run-upload';
import { runOf } from './testing/runner-fixtures';

const ACCT: AccountCtx = { accountId: 1, userId: 10, userName: 'Ada', role: 2 };

/** F-200 with tests T1 and T2 at stage 10 and T3 at stage 20, and serial number A1 at stage 10. */
function setUp() {
  const sut = newRunUploadService();
  const { store } = sut;
  const product = store.addProduct(ACCT.accountId, 'F-200');
  const t1 = store.addTest(product, 'T1', 10);
  const t2 = store.addTest(product, 'T2', 10);
  const t3 = store.addTest(product, 'T3', 20);
  const unit = store.addUnit(product, 'A1', 10);
  return { ...sut, product, t1, t2, t3, unit };
}

async function refusal(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: Error) => error,
  );
}

describe('RunUploadService', () => {
  describe('stores a run', () => {
    it('numbers it in the visit, keeping the serial number at its stage while tests remain', async () => {
      const { service, store, t1, unit } = setUp();
      const answer = await service.upload(ACCT, false, runOf(t1, 'A1'));
      expect(answer).toEqual({ run_id: store.runs[0]!.id, run_no: 1, stage_no: 10, finished: false });
      expect(store.runs[0]).toMatchObject({
        serialNumberId: unit.id,
        historyId: unit.historyId,
        userId: 10,
        isFirst: true,
      });
      expect(store.history.map((e) => e.reason)).toEqual(['add']);
    });

    it('counts a failed run without moving the serial number on', async () => {
      const { service, t1 } = setUp();
      await service.upload(ACCT, false, runOf(t1, 'A1', { result: Verdict.Failed }));
      const again = await service.upload(ACCT, false, runOf(t1, 'A1', { result: Verdict.Failed }));
      expect(again).toMatchObject({ run_no: 2, stage_no: 10, finished: false });
    });

    it("advances to the next stage when the stage's last test passes, by the uploader's name", async () => {
      const { service, store, t1, t2, unit } = setUp();
      await service.upload(ACCT, false, runOf(t1, 'A1'));
      const answer = await service.upload(ACCT, false, runOf(t2, 'A1'));
      expect(answer).toMatchObject({ stage_no: 20, finished: false });
      expect(store.history.at(-1)).toMatchObject({
        reason: 'advance',
        stageNo: 20,
        runId: answer.run_id,
        createdBy: 'Ada',
      });
      expect(unit.historyId).toBe(store.history.at(-1)!.id);
    });

    it('does not advance while a test of the stage has failed last', async () => {
      const { service, t1, t2 } = setUp();
      await service.upload(ACCT, false, runOf(t1, 'A1', { result: Verdict.Failed }));
      expect(await service.upload(ACCT, false, runOf(t2, 'A1'))).toMatchObject({ stage_no: 10 });
    });

    it('finishes the serial number after the last stage', async () => {
      const { service, store, t3, unit } = setUp();
      store.enter(unit.id, 20, 'jump', 'Ada', null);
      expect(await service.upload(ACCT, false, runOf(t3, 'A1'))).toMatchObject({
        stage_no: null,
        finished: true,
      });
    });

    it('places a serial number added before its product had tests at the first stage first', async () => {
      const { service, store, product, t1 } = setUp();
      const late = store.addUnit(product, 'B1');
      await service.upload(ACCT, false, runOf(t1, 'B1'));
      expect(store.history.at(-1)).toMatchObject({ serialNumberId: late.id, reason: 'add', stageNo: 10 });
      expect(store.runs[0]!.historyId).toBe(late.historyId);
    });

    it("stores an API token's run without a user", async () => {
      const { service, store, t1 } = setUp();
      await service.upload(ACCT, true, runOf(t1, 'A1'));
      expect(store.runs[0]!.userId).toBeNull();
    });

    it('gives the first-run mark to a run uploaded late that started earlier', async () => {
      const { service, store, t1 } = setUp();
      const later = runOf(t1, 'A1', { result: Verdict.Failed });
      const earlier = runOf(t1, 'A1', {
        result: Verdict.Failed,
        start_time: new Date(Date.parse(later.start_time) - 3_600_000).toISOString(),
        end_time: new Date(Date.parse(later.start_time) - 3_500_000).toISOString(),
      });
      await service.upload(ACCT, false, later);
      await service.upload(ACCT, false, earlier);
      expect(store.runs.map((r) => r.isFirst)).toEqual([false, true]);
    });
  });

  describe('judges SPC (docs/architecture.md, "Judging runs as they arrive")', () => {
    it('for a test with frozen limits, once the run is stored', async () => {
      const { service, store, judged, t1 } = setUp();
      t1.frozenLimits = true;
      const answer = await service.upload(ACCT, false, runOf(t1, 'A1'));
      expect(judged).toEqual([answer.run_id]);
      expect(store.runs.map((r) => r.id)).toEqual([answer.run_id]);
    });

    it('not at all for a test without frozen limits', async () => {
      const { service, judged, t1 } = setUp();
      await service.upload(ACCT, false, runOf(t1, 'A1'));
      expect(judged).toEqual([]);
    });

    it('not for a refused run', async () => {
      const { service, judged, t3 } = setUp();
      t3.frozenLimits = true;
      await expect(service.upload(ACCT, false, runOf(t3, 'A1'))).rejects.toBeInstanceOf(Conflict);
      expect(judged).toEqual([]);
    });
  });

  describe('names the release it ran (docs/releases.md, "Uploads")', () => {
    /** T1 at version 3, with release 1 (version 1) and 2 (version 3) released, 3 waiting. */
    function released() {
      const sut = setUp();
      const test = sut.store.tests.find((t) => t.id === sut.t1.id)!;
      test.version = 3;
      test.releases.push(
        { no: 1, state: 'released', seqVersion: 1 },
        { no: 2, state: 'released', seqVersion: 3 },
        { no: 3, state: 'waiting', seqVersion: 4 },
      );
      return { ...sut, test };
    }

    it('stores an older released release, though the draft changed since and is incomplete', async () => {
      const { service, store, test } = released();
      test.isCompleted = false;
      await service.upload(ACCT, false, runOf({ id: test.id, version: 1 }, 'A1', { release_no: 1 }));
      expect(store.runs[0]).toMatchObject({ releaseNo: 1, seqVersion: 1 });
    });

    it('without one, stores the released release of its version, or none', async () => {
      const { service, store, test } = released();
      await service.upload(ACCT, false, runOf({ id: test.id, version: 3 }, 'A1'));
      test.releases.pop();
      test.releases.pop();
      await service.upload(ACCT, false, runOf({ id: test.id, version: 3 }, 'A1'));
      expect(store.runs.map((run) => run.releaseNo)).toEqual([2, null]);
    });

    it('refuses a release that is waiting or unknown, storing nothing', async () => {
      const { service, store, test } = released();
      for (const no of [3, 9]) {
        const error = await refusal(
          service.upload(ACCT, false, runOf({ id: test.id, version: 3 }, 'A1', { release_no: no })),
        );
        expect(error).toBeInstanceOf(Conflict);
        expect(error.message).toBe(RELEASE_MSG.notRunnable('T1', no));
      }
      expect(store.runs).toEqual([]);
    });
  });

  describe('a repeated client_run_id', () => {
    it('answers as the first upload did and stores nothing more, even after the stage changed', async () => {
      const { service, store, t1, t2 } = setUp();
      await service.upload(ACCT, false, runOf(t1, 'A1'));
      const last = runOf(t2, 'A1');
      const first = await service.upload(ACCT, false, last);
      expect(await service.upload(ACCT, false, last)).toEqual(first);
      expect(store.runs).toHaveLength(2);
    });

    it('is refused when it names another run', async () => {
      const { service, t1 } = setUp();
      const run = runOf(t1, 'A1');
      await service.upload(ACCT, false, run);
      const error = await refusal(service.upload(ACCT, false, { ...run, sn: 'A2' }));
      expect(error).toBeInstanceOf(Conflict);
      expect(error.message).toBe(`client_run_id ${run.client_run_id} was used for another run`);
    });

    it('answers a twin stored while this upload waited for the lock as the first', async () => {
      const { service, store, t1 } = setUp();
      const run = runOf(t1, 'A1');
      store.beforeState = () => {
        store.beforeState = undefined;
        return service.upload(ACCT, false, run);
      };
      const answer = await service.upload(ACCT, false, run);
      expect(answer).toMatchObject({ run_no: 1 });
      expect(store.runs).toHaveLength(1);
    });
  });

  describe('refuses, storing nothing,', () => {
    it('a malformed run, naming the field', async () => {
      const { service, store, t1 } = setUp();
      const error = await refusal(service.upload(ACCT, false, { ...runOf(t1, 'A1'), seq_version: 'one' }));
      expect(error).toBeInstanceOf(Refused);
      expect(error.message).toBe('seq_version: A version is a whole number from 1');
      expect(store.runs).toEqual([]);
    });

    it("another account's test as not found", async () => {
      const { service, store } = setUp();
      const theirs = store.addTest(store.addProduct(2, 'Theirs'), 'X1', 10);
      const error = await refusal(service.upload(ACCT, false, runOf(theirs, 'A1')));
      expect(error).toBeInstanceOf(NotFound);
      expect(error.message).toBe('Test not found');
    });

    it('a test of another product than product_id', async () => {
      const { service, t1 } = setUp();
      const error = await refusal(service.upload(ACCT, false, runOf(t1, 'A1', { product_id: 999 })));
      expect(error.message).toBe('product_id: Test T1 is not a test of product 999');
    });

    it("a serial number not in the test's product as not found", async () => {
      const { service, t1 } = setUp();
      const error = await refusal(service.upload(ACCT, false, runOf(t1, 'Z9')));
      expect(error).toBeInstanceOf(NotFound);
      expect(error.message).toBe('Serial number Z9 not found in product F-200');
    });

    it('a run of a test changed since it was downloaded', async () => {
      const { service, store, t1 } = setUp();
      const downloaded = runOf(t1, 'A1');
      store.tests.find((t) => t.id === t1.id)!.version = 2;
      const error = await refusal(service.upload(ACCT, false, downloaded));
      expect(error).toBeInstanceOf(Conflict);
      expect(error.message).toBe('The test changed since it was downloaded: download it again');
      expect(store.runs).toEqual([]);
    });

    it('a test of another stage than the serial number is at', async () => {
      const { service, t3 } = setUp();
      const error = await refusal(service.upload(ACCT, false, runOf(t3, 'A1')));
      expect(error).toBeInstanceOf(Conflict);
      expect(error.message).toBe('Serial number A1 is at stage 10; test T3 is stage 20');
    });

    it('a run of a serial number that finished every stage', async () => {
      const { service, store, t1, unit } = setUp();
      store.enter(unit.id, null, 'advance', 'Ada', null);
      const error = await refusal(service.upload(ACCT, false, runOf(t1, 'A1')));
      expect(error.message).toBe(
        'Serial number A1 has finished all stages: jump it to a stage to test it again',
      );
    });

    it('a run of an incomplete test', async () => {
      const { service, store, t1 } = setUp();
      store.tests.find((t) => t.id === t1.id)!.isCompleted = false;
      const error = await refusal(service.upload(ACCT, false, runOf(t1, 'A1')));
      expect(error).toBeInstanceOf(Conflict);
      expect(error.message).toBe('Test T1 is not complete: complete it before running it');
      expect(store.history).toHaveLength(1);
    });
  });
});
