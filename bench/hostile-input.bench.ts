/**
 * Issue 42, finding 1: twenty nested 15 MB bodies sent to the run upload without a token, four at
 * a time, while one client calls /health over and over. Prints /health's p50, p99 and slowest
 * call, alone for 3 s and then under the attack (target: p99 under 50 ms under attack), how long
 * the attack's replies took, and the API's resident memory before and at its highest. One built API on its own database of the
 * PostgreSQL server (DATABASE_URL, default the local server); BENCH_API_MAIN measures another
 * build the same way (docs/performance/history/hostile-input.md: before and after).
 */
import { spawn } from 'node:child_process';
import { type Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { withApiOnDatabase } from './lib/api-process';
import { keepAliveAgent, send } from './lib/http-send';
import { percentile } from './lib/probe-report';
import { rssMib } from './lib/soak-stats';

const BODIES = 20;
const AT_ONCE = 4;
const LEVELS = 7.5 * 1024 * 1024;
/** 15 MB of valid JSON: arrays nested 7,864,320 levels deep. */
const BODY = Buffer.from('['.repeat(LEVELS) + ']'.repeat(LEVELS));
const HEALTH_P99_TARGET_MS = 50;
/** The attacker's first line: its body is built, the attack starts. */
const READY = 'ready\n';

type Reply = { status: number | 'cut'; ms: number };

/** The twenty bodies, AT_ONCE at a time, and each reply. */
async function attackAll(url: URL): Promise<Reply[]> {
  const replies: Reply[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next++ < BODIES) replies.push(await attack(url));
    }),
  );
  return replies;
}

/**
 * The attack from a child process (this file with --attack=<url>), so that writing 300 MB does
 * not delay the event loop that times /health.
 */
function attackFrom(url: URL): { ready: Promise<void>; replies: Promise<Reply[]> } {
  const child = spawn(process.execPath, [...process.execArgv, __filename, `--attack=${url.href}`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const ready = new Promise<void>((resolve) =>
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.startsWith(READY)) resolve();
    }),
  );
  const replies = new Promise<Reply[]>((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.slice(READY.length)) as Reply[])
        : reject(new Error(`the attacker exited ${code}`)),
    ),
  );
  return { ready, replies };
}

/**
 * One nested body to the upload without a token: its status, or 'cut' when the server closed the
 * connection before the client read the reply, and the time to either.
 */
function attack(url: URL): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, ms: performance.now() - started });
    });
    // a server that refuses before reading closes the connection while the body is still going out
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET'
        ? resolve({ status: 'cut', ms: performance.now() - started })
        : reject(error),
    );
    req.end(BODY);
  });
}

const fixed = (ms: number) => ms.toFixed(1).padStart(7);

/** GET /health back to back while `going()` holds; each call's milliseconds. */
async function healthFor(agent: Agent, base: string, going: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (going()) {
    const t0 = performance.now();
    const reply = await send(agent, base, 'GET', '/health', {});
    if (reply.status !== 200) throw new Error(`/health answered ${reply.status}: ${reply.text}`);
    times.push(performance.now() - t0);
  }
  return times;
}

async function main(): Promise<void> {
  await withApiOnDatabase('sweepline_bench_hostile', async (api) => {
    const upload = new URL(`${api.baseUrl}/runner/runs`);
    const agent = keepAliveAgent(1);
    // warm up: the first calls compile the routes
    for (let i = 0; i < 50; i++) await send(agent, api.baseUrl, 'GET', '/health', {});
    // /health alone first: on a shared machine its figures under attack mean little without them
    const quietEnd = performance.now() + 3000;
    const quiet = await healthFor(agent, api.baseUrl, () => performance.now() < quietEnd);
    const rssBefore = rssMib(api.pid);
    let rssMost = rssBefore;
    const sampler = setInterval(() => (rssMost = Math.max(rssMost, rssMib(api.pid))), 20);
    const attacker = attackFrom(upload);
    await attacker.ready;
    let attacking = true;
    const healthClient = healthFor(agent, api.baseUrl, () => attacking);
    const started = performance.now();
    const replies = await attacker.replies;
    const attackMs = performance.now() - started;
    attacking = false;
    const health = await healthClient;
    clearInterval(sampler);
    const statuses = [...new Set(replies.map((r) => r.status))].join(', ');
    const p99 = percentile(health, 0.99);
    console.log(`${BODIES} nested ${BODY.length / 2 ** 20} MB bodies without a token, ${AT_ONCE} at a time`);
    console.log(`  attack: ${fixed(attackMs)} ms in all; replies ${statuses}`);
    console.log(
      `  reply:  p50 ${fixed(
        percentile(
          replies.map((r) => r.ms),
          0.5,
        ),
      )} ms, slowest ${fixed(Math.max(...replies.map((r) => r.ms)))} ms`,
    );
    const line = (calls: number[]) =>
      `p50 ${fixed(percentile(calls, 0.5))} ms, p99 ${fixed(percentile(calls, 0.99))} ms, slowest ${fixed(Math.max(...calls))} ms (${calls.length} calls)`;
    console.log(`  /health alone:       ${line(quiet)}`);
    console.log(`  /health under attack: ${line(health)}`);
    console.log(`  API RSS: ${rssBefore.toFixed(0)} MiB before, ${rssMost.toFixed(0)} MiB at most`);
    console.log(
      p99 < HEALTH_P99_TARGET_MS
        ? `OK: /health p99 under ${HEALTH_P99_TARGET_MS} ms`
        : `OVER TARGET: /health p99 ${p99.toFixed(1)} ms ≥ ${HEALTH_P99_TARGET_MS} ms`,
    );
  });
}

const attackUrl = process.argv.find((arg) => arg.startsWith('--attack='))?.slice('--attack='.length);
(attackUrl
  ? (process.stdout.write(READY), attackAll(new URL(attackUrl))).then(
      (replies) => void process.stdout.write(JSON.stringify(replies)),
    )
  : main()
).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
