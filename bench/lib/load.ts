/** autocannon runs on loopback and the table the API bench prints. */
import autocannon from 'autocannon';

export interface LoadRequest {
  method?: 'GET' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  url: string;
  requests: LoadRequest[];
  connections: number;
  seconds: number;
  /** Requests per second over all connections; absent: as fast as the connections go. */
  rate?: number;
}

export interface Figures {
  label: string;
  requests: number;
  perSecond: number;
  median: number;
  p99: number;
  max: number;
  /** Replies per HTTP status, e.g. {200: 2000}. */
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  /** Response bytes per reply, on average. */
  bytesPerReply: number;
}

/**
 * Runs one load, then waits for the API to finish what is still in flight (up to one request per
 * connection), so the next run starts on an idle server.
 */
export async function load(label: string, options: LoadOptions): Promise<Figures> {
  const figures = await run(label, options);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return figures;
}

async function run(label: string, options: LoadOptions): Promise<Figures> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    // autocannon's correction for a fixed rate assumes requests evenly spaced 1 ms apart and adds
    // made-up samples for every slower reply, while its rate limit sends each second's quota at
    // once: the figures here are the latencies actually measured
    ...(options.rate ? { overallRate: options.rate, ignoreCoordinatedOmission: true } : {}),
    requests: requestsOf(options.requests),
    timeout: 10,
  });
  const statusStats = (result as unknown as { statusCodeStats?: Record<string, { count: number }> })
    .statusCodeStats;
  const statuses: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(statusStats ?? {})) statuses[code] = count;
  const requests = result.requests.total;
  return {
    label,
    requests,
    perSecond: requests / (result.duration || options.seconds),
    median: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerReply: requests > 0 ? result.throughput.total / requests : 0,
  };
}

function requestsOf(requests: readonly LoadRequest[]) {
  return requests.map((r) => ({
    method: r.method ?? ('GET' as const),
    path: r.path,
    ...(r.headers ? { headers: r.headers } : {}),
    ...(r.body !== undefined ? { body: r.body } : {}),
  }));
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

/**
 * `rate` requests per second spread over the second: autocannon's own rate limit sends each
 * connection's quota for the second back to back at the start of the second, so with several
 * connections it measures bursts of that many concurrent requests. Here `clients` autocannon
 * instances of one connection each send rate/clients requests a second, started 1000/clients ms
 * apart, so the API sees about one request at a time as from independent users; every reply's
 * latency is recorded. (One instance per request a second costs the load generator more CPU
 * than it measures: 20 clients keep it small.)
 */
export async function paced(
  label: string,
  options: Omit<LoadOptions, 'connections' | 'rate'> & { rate: number; clients: number },
): Promise<Figures> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let received = 0;
  const runs: Promise<autocannon.Result>[] = [];
  for (let i = 0; i < options.clients; i++) {
    // each client starts at another place in the list, so neighbours in time differ
    const k = (i * Math.ceil(options.requests.length / options.clients)) % options.requests.length;
    const requests = [...options.requests.slice(k), ...options.requests.slice(0, k)];
    runs.push(
      new Promise((resolve, reject) => {
        const instance = autocannon(
          {
            url: options.url,
            connections: 1,
            overallRate: options.rate / options.clients,
            duration: options.seconds,
            requests: requestsOf(requests),
            timeout: 10,
            ignoreCoordinatedOmission: true,
          },
          (error, result) => (error ? reject(error) : resolve(result)),
        );
        instance.on('response', (_client, status, resBytes, time) => {
          latencies.push(time);
          statuses[status] = (statuses[status] ?? 0) + 1;
          received += resBytes;
        });
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000 / options.clients));
  }
  const results = await Promise.all(runs);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  latencies.sort((a, b) => a - b);
  return {
    label,
    requests: latencies.length,
    perSecond: latencies.length / options.seconds,
    median: Math.round(percentile(latencies, 0.5)),
    p99: Math.round(percentile(latencies, 0.99)),
    max: Math.round(latencies[latencies.length - 1] ?? 0),
    statuses,
    errors: results.reduce((n, r) => n + r.errors, 0),
    timeouts: results.reduce((n, r) => n + r.timeouts, 0),
    bytesPerReply: latencies.length > 0 ? received / latencies.length : 0,
  };
}

function bytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${Math.round(n)} B`;
}

/** A Markdown table, ready to paste into docs/performance.md. */
export function table(rows: readonly Figures[]): string {
  const head = '| run | requests/s | median | p99 | max | replies | reply size |';
  const rule = '| --- | ---: | ---: | ---: | ---: | --- | ---: |';
  const lines = rows.map((r) => {
    const replies = Object.entries(r.statuses)
      .map(([code, count]) => `${count} × ${code}`)
      .concat(r.errors > 0 ? [`${r.errors} errors`] : [])
      .concat(r.timeouts > 0 ? [`${r.timeouts} timeouts`] : [])
      .join(', ');
    return `| ${r.label} | ${r.perSecond.toFixed(0)} | ${r.median} ms | ${r.p99} ms | ${r.max} ms | ${replies} | ${bytes(r.bytesPerReply)} |`;
  });
  return [head, rule, ...lines].join('\n');
}
