import { Logger } from '@nestjs/common';
import type { RunUploadAnswer } from '@sweepline/domain';
import { Role } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { RunPartitionUpkeep } from '../database/run-partition-upkeep';
import { editorApi, ok } from '../editor/testing/editor-api';
import { STATE, STATE_WITH_ORIGIN, TARGET } from './run-upload.repository';
import type { LineTest } from './testing/runner-fixtures';
import { addSerialNumbers, productWithTests, runOf } from './testing/runner-fixtures';

/** Every table a plan (EXPLAIN's JSON) names. */
function relationsOf(node: Record<string, unknown>): string[] {
  const own = typeof node['Relation Name'] === 'string' ? [node['Relation Name']] : [];
  const children = (node['Plans'] as Record<string, unknown>[] | undefined) ?? [];
  return [...own, ...children.flatMap(relationsOf)];
}

describeEachDatabase("run's monthly partitions (issue 27)", (t) => {
  let operator: Member;
  let test: LineTest;
  const partitionOf = async (runId: number) =>
    (
      (await t().dataSource.query('SELECT tableoid::regclass::text AS part FROM run WHERE id = $1', [
        runId,
      ])) as {
        part: string;
      }[]
    )[0]?.part;

  beforeAll(async () => {
    const manager = await createManager(t());
    operator = await createMember(t(), manager.accountId, Role.Operator, 'Olive Operator');
    const line = await productWithTests(editorApi(t, manager), 'Filter', [1]);
    test = line.tests[0]!;
    await addSerialNumbers(editorApi(t, operator), line.product.id, ['P-1', 'P-2']);
  });
  afterEach(() => jest.restoreAllMocks());

  it('stores a run of this month in its partition', async () => {
    const now = new Date();
    const run = runOf(test, 'P-1', {
      start_time: new Date(now.getTime() - 60_000).toISOString(),
      end_time: now.toISOString(),
    });
    const answer = await ok<RunUploadAnswer>(editorApi(t, operator).post('/runner/runs', run));
    expect(await partitionOf(answer.run_id)).toBe(
      `run_y${now.getUTCFullYear()}m${String(now.getUTCMonth() + 1).padStart(2, '0')}`,
    );
  });

  it('stores a run outside every partition in run_default, logs it, and the upkeep moves it to its month', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const run = runOf(test, 'P-2', {
      start_time: '2001-01-15T10:00:00.000Z',
      end_time: '2001-01-15T10:01:00.000Z',
    });
    const answer = await ok<RunUploadAnswer>(editorApi(t, operator).post('/runner/runs', run));
    expect(await partitionOf(answer.run_id)).toBe('run_default');
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(`Run ${answer.run_id} starts 2001-01-15T10:00:00.000Z`),
    );

    await t().app.get(RunPartitionUpkeep).pass();
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(
        /^1 run\(s\) in run_default start outside every monthly partition \(2001-01-15 10:00:00\+00/,
      ),
    );
    expect(await partitionOf(answer.run_id)).toBe('run_y2001m01');
    expect(await t().dataSource.query('SELECT id FROM run_default')).toEqual([]);
    // a repeat of the upload still finds it
    expect(await ok<RunUploadAnswer>(editorApi(t, operator).post('/runner/runs', run))).toEqual(answer);
  });

  it("plans an upload's reads before and under the lock without any of run's partitions", async () => {
    // generic plans, as a prepared statement gets after five runs: a partition named in one is
    // initialized and locked at every upload, one more each month
    const reads = [
      [TARGET, `(1, 'c-1', 1, 'P-1', NULL, 1)`],
      [STATE, `(1, 'c-1', 1, 1, 1, 1, now(), 1)`],
      [STATE_WITH_ORIGIN, `(1, 'c-1', 1, 1, 1, 1, now(), 1, '{V}', '{M}', '{S}', '{cal-1}')`],
    ];
    const runner = t().dataSource.createQueryRunner();
    try {
      await runner.query(`SET plan_cache_mode = force_generic_plan`);
      for (const [index, [sql, values]] of reads.entries()) {
        await runner.query(`PREPARE upload_read_${index} AS ${sql}`);
        const [row] = (await runner.query(`EXPLAIN (FORMAT JSON) EXECUTE upload_read_${index}${values}`)) as {
          'QUERY PLAN': { Plan: Record<string, unknown> }[];
        }[];
        const relations = relationsOf(row!['QUERY PLAN'][0]!.Plan);
        expect(relations).toContain('run_client_id');
        expect(
          relations.filter((name) => name === 'run' || name.startsWith('run_y') || name === 'run_default'),
        ).toEqual([]);
      }
    } finally {
      await runner.query('DEALLOCATE ALL');
      await runner.query('RESET plan_cache_mode');
      await runner.release();
    }
  });

  it('makes each partition once when instances make them at the same moment', async () => {
    const made = await Promise.all(
      [1, 2, 3].map(() => t().dataSource.query('SELECT run_ensure_partitions(6) AS made')),
    );
    expect(made.map(([row]) => (row as { made: number }).made).reduce((a, b) => a + b)).toBe(3);
    const [row] = (await t().dataSource.query(
      `SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = 'run'::regclass
          AND inhrelid::regclass::text >= to_char(now() AT TIME ZONE 'UTC', '"run_y"YYYY"m"MM')`,
    )) as { n: number }[];
    expect(row!.n).toBe(7);
  });
});
