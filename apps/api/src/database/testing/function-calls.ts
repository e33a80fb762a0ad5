import type { DataSource } from 'typeorm';

/**
 * How many times each of the functions `names` ran while the statements `work` ran (each with
 * `params`), in a
 * transaction rolled back after: track_functions at 'all' counts SQL functions too. The view shows
 * the backend's counts not yet flushed, earlier transactions' too: the difference is `work`'s.
 */
export async function functionCalls(
  dataSource: DataSource,
  names: readonly string[],
  work: string | readonly string[],
  params: unknown[] = [],
): Promise<Record<string, number>> {
  const runner = dataSource.createQueryRunner();
  const calls = async (): Promise<Record<string, number>> => {
    const rows: { funcname: string; calls: number }[] = await runner.query(
      `SELECT funcname, sum(calls)::int AS calls FROM pg_stat_xact_user_functions
        WHERE funcname = ANY($1) GROUP BY funcname`,
      [names],
    );
    return Object.fromEntries(names.map((name) => [name, rows.find((r) => r.funcname === name)?.calls ?? 0]));
  };
  try {
    await runner.startTransaction();
    await runner.query(`SET LOCAL track_functions = 'all'`);
    const before = await calls();
    for (const statement of typeof work === 'string' ? [work] : work) await runner.query(statement, params);
    const after = await calls();
    return Object.fromEntries(names.map((name) => [name, after[name]! - before[name]!]));
  } finally {
    await runner.rollbackTransaction();
    await runner.release();
  }
}
