/**
 * Runner uploads as lab PCs send them: a pool of concurrent clients, each taking the next new
 * unit and running its product's tests in order (a few fail first and are run again), each
 * upload with its own client_run_id, each client on its own kept-alive connection.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { StepResult } from '@sweepline/domain';
import type { LabOrigins } from './lab-origin';

export interface IngestTest {
  seqId: number;
  version: number;
  pass: StepResult[];
  fail: StepResult[];
}

export interface IngestUnit {
  sn: string;
  productId: number;
}

export interface IngestFigures {
  label: string;
  runs: number;
  perSecond: number;
  median: number;
  p99: number;
  /** CPU milliseconds per run of this load generator, the API process and its database's backends. */
  clientCpuMs: number;
  apiCpuMs?: number;
  dbCpuMs?: number;
  /** How long the uploads went on, and whether they stopped early because no unit was left. */
  seconds: number;
  unitsRanOut: boolean;
  /** Replies other than 201, by status. */
  refused: Record<string, number>;
  firstRefusal?: string;
}

let uploadNo = 0;

/**
 * POSTs JSON and reads the whole reply. node:http rather than fetch: the load generator shares
 * the API's two cores, and fetch spent about twice the CPU per request (docs/performance.md).
 */
function postJson(
  agent: Agent,
  url: URL,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
}

/**
 * Uploads for `seconds` with `clients` at once, taking units from `units` (consumed). Every
 * 12th unit fails its first try of each test and is run again. With `origin`, each upload says
 * what measured it (issue 40), client n being lab PC n; without, it is an upload as before.
 */
export async function ingest(
  label: string,
  o: {
    baseUrl: string;
    tokens: string[];
    units: IngestUnit[];
    tests: Map<number, IngestTest[]>;
    origin?: LabOrigins;
  },
  clients: number,
  seconds: number,
): Promise<IngestFigures> {
  const times: number[] = [];
  const refused: Record<string, number> = {};
  let firstRefusal: string | undefined;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const deadline = started + seconds * 1000;
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const url = new URL(`${o.baseUrl}/runner/runs`);
  const upload = async (pc: number, token: string, unit: IngestUnit, test: IngestTest, result: 1 | 0) => {
    const now = Date.now();
    const steps = result === 1 ? test.pass : test.fail;
    const body = JSON.stringify({
      client_run_id: `bench-${process.pid}-${++uploadNo}`,
      seq_id: test.seqId,
      seq_version: test.version,
      product_id: unit.productId,
      sn: unit.sn,
      start_time: new Date(now - 75_000).toISOString(),
      end_time: new Date(now).toISOString(),
      result,
      steps,
      ...o.origin?.next(pc, steps.length),
    });
    const t0 = performance.now();
    const { status, text } = await postJson(agent, url, { 'x-auth-token': token }, body);
    times.push(performance.now() - t0);
    if (status === 201) o.origin?.stored(pc);
    else {
      refused[status] = (refused[status] ?? 0) + 1;
      firstRefusal ??= text.slice(0, 300);
    }
  };
  // each client is a lab PC with its own API token, as the runner signs in (SWEEPLINE_TOKEN)
  const client = async (_: unknown, index: number) => {
    const token = o.tokens[index % o.tokens.length]!;
    for (let unit = o.units.shift(); unit && performance.now() < deadline; unit = o.units.shift()) {
      const failing = uploadNo % 12 === 0;
      for (const test of o.tests.get(unit.productId) ?? []) {
        if (performance.now() >= deadline) return;
        if (failing) await upload(index, token, unit, test, 0);
        await upload(index, token, unit, test, 1);
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  return {
    label,
    runs: times.length,
    perSecond: times.length / elapsed,
    seconds: elapsed,
    unitsRanOut: o.units.length === 0 && elapsed < seconds - 0.5,
    median: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    clientCpuMs: (used.user + used.system) / 1000 / Math.max(1, times.length),
    refused,
    ...(firstRefusal ? { firstRefusal } : {}),
  };
}
