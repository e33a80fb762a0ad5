/**
 * Issue 40: containment by an operator alone with run's index by operator (migration
 * 1763861300000) and without it, side by side in one sitting. On a copy of a kept scale database
 * (BENCH_DATABASE, default sw_base: `BENCH_DATABASE=sw_base npx tsx bench/reports.bench.ts
 * --seed-only`), the built API answers GET /containment over the 90 UTC days before today for the
 * scale account's operator (who ran every run: the widest answer, cut at the run limit) and for a
 * name that ran none (the whole range searched for nothing). Each round drops the index, times
 * both, makes it again and times both (BENCH_ROUNDS, default 3); the copy is dropped at the end.
 */
import { loadavg } from 'node:os';
import { Client } from 'pg';
import { endpoints, urlOf } from '@sweepline/domain';
import { SCALE_IDENTITY } from '@sweepline/tools';
import { buildApi, startApi, type RunningApi } from './lib/api-process';
import { copyDatabase, databaseExists, DEFAULT_SERVER_URL, dropDatabase } from './lib/bench-db';
import { ninetyDays } from './lib/containment-timing';
import { signIn } from './lib/scale-account';
import { timeGet, type Timing } from './lib/time-get';

const BASE = process.env['BENCH_DATABASE'] ?? 'sw_base';
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 3);
const REQUESTS = 10;
const INDEX = 'run_account_operator_time_idx';
const OPERATORS = {
  'the operator of every run': SCALE_IDENTITY.users[1]!.name,
  'a name with no runs': 'Nobody',
};

async function main(): Promise<void> {
  const serverUrl = process.env['DATABASE_URL'] || DEFAULT_SERVER_URL;
  if (!(await databaseExists(serverUrl, BASE)))
    throw new Error(
      `No database ${BASE}: seed it with BENCH_DATABASE=${BASE} npx tsx bench/reports.bench.ts --seed-only`,
    );
  const copy = `${BASE}_operator_index`;
  console.log(`copying ${BASE}, building the API…`);
  const url = await copyDatabase(serverUrl, BASE, copy);
  buildApi();
  let api: RunningApi | undefined;
  const db = new Client({ connectionString: url });
  try {
    api = await startApi(url); // its migrations make the index
    await db.connect();
    const session = { baseUrl: api.baseUrl, ...(await signIn(url, 0)) };
    const rows: (Timing & { index: boolean; load: number })[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const index of [false, true]) {
        await db.query(
          index ? `CREATE INDEX ${INDEX} ON run (account_id, user_name, start_time)` : `DROP INDEX ${INDEX}`,
        );
        await db.query('ANALYZE run');
        for (const [who, operator] of Object.entries(OPERATORS)) {
          const path = urlOf(endpoints.containment.list, { query: { operator, ...ninetyDays() } });
          rows.push({ ...(await timeGet(session, who, path, REQUESTS)), index, load: loadavg()[0]! });
        }
      }
    }
    console.log(`\ncontainment by operator, 90 days, ${REQUESTS} requests each, ${ROUNDS} rounds\n`);
    console.log('| operator | index | median | p90 | reply | load (1 min) |');
    console.log('| --- | --- | ---: | ---: | ---: | ---: |');
    for (const r of rows)
      console.log(
        `| ${r.label} | ${r.index ? 'with' : 'without'} | ${r.median.toFixed(1)} ms | ${r.p90.toFixed(1)} ms | ` +
          `${(r.bytes / 1024).toFixed(1)} KiB | ${r.load.toFixed(2)} |`,
      );
  } finally {
    await db.end().catch(() => undefined);
    await api?.stop();
    await dropDatabase(serverUrl, copy);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
