import { type CapabilityReport, dayRange, Role, type RunUpload } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { editorApi, ok } from '../editor/testing/editor-api';
import type { LineTest } from '../runner/testing/runner-fixtures';
import { addSerialNumbers, productWithTests, runOf } from '../runner/testing/runner-fixtures';
import { measured } from './testing/analysis-fixtures';
import { foldStepValues } from './testing/report-fixtures';
import { StepValueFoldRepository } from './step-value-fold.repository';
import { StepValueFolder } from './step-value-folder';

const DAY = '2025-07-01';

/**
 * The step values folded after the upload (migration 1763861400000): an upload queues its run, a
 * fold inserts the values of many queued runs in one statement, the analytics fold their account's
 * queue before reading, and every instance's background folder folds the rest shortly after.
 * Each database's app has its folder stopped, so that what is queued stays queued until a spec
 * folds it.
 */
describeEachDatabase('step values folded after the upload', (t) => {
  let manager: Member;
  let operator: Member;
  let test: LineTest;
  let sns = 0;

  const api = () => editorApi(t, operator);
  const upload = async (value: number, minute: number): Promise<number> => {
    const at = `${DAY}T10:${String(minute).padStart(2, '0')}:00Z`;
    // a passed run ends its unit's stages: a serial number each
    const run: RunUpload = runOf(test, `F-${sns++}`, {
      start_time: at,
      end_time: at,
      steps: [measured('Gain', value, 0, 100)],
    });
    return (await ok<{ run_id: number }>(api().post('/runner/runs', run))).run_id;
  };
  const count = async (sql: string, accountId = manager.accountId!): Promise<number> => {
    const [row] = await t().dataSource.query(`SELECT count(*)::int AS n FROM ${sql} WHERE account_id = $1`, [
      accountId,
    ]);
    return row.n;
  };
  const gainSlotCount = async (): Promise<number> => {
    const [row] = await t().dataSource.query(
      `SELECT coalesce(sum(n), 0)::int AS n FROM run_step_slot WHERE account_id = $1 AND title = 'Gain'`,
      [manager.accountId],
    );
    return row.n;
  };
  const capabilityN = async (): Promise<number> => {
    const r = dayRange(DAY, DAY, 0);
    const report = await ok<CapabilityReport>(
      editorApi(t, manager).get(
        `/report/capability?seq_id=${test.id}&step=Gain&start_time=${r.start_time}&stop_time=${r.stop_time}&zone_offset=0`,
      ),
    );
    return report.figures.n;
  };

  beforeAll(async () => {
    await t().app.get(StepValueFolder).onModuleDestroy();
    manager = await createManager(t());
    operator = await createMember(t(), manager.accountId, Role.Operator);
    const line = await productWithTests(editorApi(t, manager), 'Folded', [1]);
    [test] = line.tests as [LineTest];
    await addSerialNumbers(
      api(),
      line.product.id,
      Array.from({ length: 20 }, (_, i) => `F-${i}`),
    );
  });

  beforeEach(() => foldStepValues(t().dataSource, manager.accountId!));

  it('queues an upload’s run; the capability read folds it first and counts it', async () => {
    const before = await capabilityN().catch(() => 0);
    await upload(50, 1);
    await upload(51, 2);
    expect(await count('run_step_value_queue')).toBe(2);
    expect(await capabilityN()).toBe(before + 2);
    expect(await count('run_step_value_queue')).toBe(0);
    expect(await gainSlotCount()).toBe(before + 2);
  });

  it('folds a run again to nothing: values the rebuild already made stay counted once', async () => {
    await upload(52, 3);
    const queued = await t().dataSource.query(
      'SELECT account_id, start_time, run_id FROM run_step_value_queue WHERE account_id = $1',
      [manager.accountId],
    );
    await t().dataSource.query('SELECT run_rollups_rebuild($1)', [manager.accountId]);
    const slots = await gainSlotCount();
    // the same run queued again, as if the rebuild had raced an upload
    await t().dataSource.query(
      `INSERT INTO run_step_value_queue (account_id, start_time, run_id) SELECT $1, $2, $3`,
      [queued[0].account_id, queued[0].start_time, queued[0].run_id],
    );
    await foldStepValues(t().dataSource, manager.accountId!);
    expect(await gainSlotCount()).toBe(slots);
    expect(await count('run_step_value_queue')).toBe(0);
  });

  it('skips the runs another fold holds, and folds any account’s queued runs', async () => {
    const other = await createManager(t());
    const fold = t().app.get(StepValueFoldRepository);
    for (let i = 0; i < 3; i++) await upload(53 + i, 10 + i);
    // another account's queued run of a run that does not exist folds to nothing
    await t().dataSource.query(
      `INSERT INTO run_step_value_queue (account_id, start_time, run_id) VALUES ($1, now(), -1)`,
      [other.accountId],
    );
    const holder = t().dataSource.createQueryRunner();
    try {
      await holder.startTransaction();
      // one fold holds this account's three runs, uncommitted
      await holder.query('SELECT run_step_values_fold($1, NULL, NULL)', [manager.accountId]);
      // a background fold meanwhile takes only what nobody holds: the other account's one
      expect(await fold.foldBatch(0)).toBe(1);
      expect(await count('run_step_value_queue', other.accountId!)).toBe(0);
      await holder.commitTransaction();
    } finally {
      await holder.release();
    }
    expect(await count('run_step_value_queue')).toBe(0);
  });

  it('leaves a run that started within the settling time to a later fold, and folds one at a time', async () => {
    const fold = t().app.get(StepValueFoldRepository);
    await t().dataSource.query(
      `INSERT INTO run_step_value_queue (account_id, start_time, run_id) VALUES ($1, now() - interval '30 seconds', -2)`,
      [manager.accountId],
    );
    expect(await fold.foldBatch(60)).toBe(0);
    const holder = t().dataSource.createQueryRunner();
    try {
      await holder.startTransaction();
      // another instance's background fold in progress
      await holder.query('SELECT run_step_values_fold(NULL, 500, now())');
      expect(await fold.foldBatch(0)).toBe(0);
      await holder.commitTransaction();
    } finally {
      await holder.release();
    }
    expect(await count('run_step_value_queue')).toBe(0);
  });

  it('makes a read wait for a fold in progress, and answer with its runs', async () => {
    const before = await capabilityN();
    await upload(56, 20);
    await upload(57, 21);
    const holder = t().dataSource.createQueryRunner();
    try {
      await holder.startTransaction();
      await holder.query('SELECT run_step_values_fold(NULL, 500, now())');
      const reading = capabilityN();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await holder.commitTransaction();
      expect(await reading).toBe(before + 2);
    } finally {
      await holder.release();
    }
  });

  it('folds in the background on every instance, shortly after the upload', async () => {
    await upload(58, 30);
    expect(await count('run_step_value_queue')).toBe(1);
    const folder = new StepValueFolder(t().app.get(StepValueFoldRepository), {
      ...t().config,
      foldSettleSeconds: 60,
    });
    folder.onApplicationBootstrap();
    try {
      const deadline = Date.now() + 5_000;
      while ((await count('run_step_value_queue')) > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await count('run_step_value_queue')).toBe(0);
    } finally {
      await folder.onModuleDestroy();
    }
  });
});
