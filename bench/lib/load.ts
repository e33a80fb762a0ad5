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

export async function load(label: string, options: LoadOptions): Promise<Figures> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    ...(options.rate ? { overallRate: options.rate } : {}),
    requests: options.requests.map((r) => ({
      method: r.method ?? 'GET',
      path: r.path,
      ...(r.headers ? { headers: r.headers } : {}),
      ...(r.body !== undefined ? { body: r.body } : {}),
    })),
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
