/**
 * The control chart through HTTP, several builds of the API side by side on one kept scale
 * database (made by `analysis.bench.ts --keep`), asked in turn so that the machine's swings fall
 * on each build alike: each round asks every build every case, the builds' order rotating by
 * round, the first two rounds dropped. Prints each build's median per case and the load average.
 *
 *   BENCH_DATABASE=<kept db> BENCH_API_MAINS=<main.js>,<main.js> npx tsx bench/chart-pair.bench.ts
 *
 * BENCH_API_MAINS: the builds' main.js (a copy of apps/api/dist inside the workspace, so that it
 * finds node_modules; with a node_modules/@sweepline/domain of its own when the domain differs);
 * BENCH_ROUNDS (default 16); BENCH_CASES: only the cases whose name holds it ("1600", "plain").
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { startApi, type RunningApi } from './lib/api-process';
import { analysisSubject, ninetyDays } from './lib/analysis-subject';
import { databaseUrl, DEFAULT_SERVER_URL } from './lib/bench-db';

const CASES = [
  { name: 'every point, brotli', query: '', encoding: 'br' },
  { name: 'every point, plain', query: '', encoding: 'identity' },
  { name: '1600 px, brotli', query: '&width=1600', encoding: 'br' },
  { name: '1600 px, plain', query: '&width=1600', encoding: 'identity' },
];
const WARM_UP_ROUNDS = 2;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const load = () => loadavg()[0]!.toFixed(2);

async function main(): Promise<void> {
  const database = process.env['BENCH_DATABASE'];
  const mains = process.env['BENCH_API_MAINS']?.split(',').filter(Boolean) ?? [];
  const rounds = Number(process.env['BENCH_ROUNDS'] ?? 16);
  if (!database || mains.length === 0 || !(rounds > WARM_UP_ROUNDS))
    throw new Error(
      'BENCH_DATABASE, BENCH_API_MAINS (main.js, comma-separated) and BENCH_ROUNDS > 2 are needed',
    );
  const cases = CASES.filter((c) => c.name.includes(process.env['BENCH_CASES'] ?? ''));
  const url = databaseUrl(process.env['DATABASE_URL'] || DEFAULT_SERVER_URL, database);
  const apis: RunningApi[] = [];
  try {
    for (const main of mains) apis.push(await startApi(url, { main }));
    const subject = await analysisSubject(url);
    const path = `/report/control?seq_id=${subject.seq_id}&step=${encodeURIComponent(subject.title)}&${ninetyDays()}`;
    const times = new Map<string, number[]>();
    console.log(`chart pairs: ${rounds} rounds, load before ${load()}`);
    for (let round = 0; round < rounds; round++)
      for (const c of cases)
        for (let k = 0; k < apis.length; k++) {
          const build = (k + round) % apis.length;
          const started = performance.now();
          const res = await fetch(`${apis[build]!.baseUrl}${path}${c.query}`, {
            headers: { 'x-auth-token': subject.token, 'accept-encoding': c.encoding },
          });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${c.name} answered ${res.status}`);
          if (round < WARM_UP_ROUNDS) continue;
          const key = `| ${c.name} | ${mains[build]} |`;
          times.set(key, [...(times.get(key) ?? []), performance.now() - started]);
        }
    console.log(`load after ${load()}\n\n| case | build | median |\n| --- | --- | ---: |`);
    for (const [key, xs] of times) console.log(`${key} ${median(xs).toFixed(1)} ms |`);
  } finally {
    for (const api of apis) await api.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
