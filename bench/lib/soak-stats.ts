/**
 * The soak bench's figures: every call's time and outcome, by kind and by minute, and the API's
 * resident memory at each minute's end.
 */
import { readFileSync } from 'node:fs';

export interface MinuteFigures {
  calls: number;
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

interface Bucket {
  times: number[];
  failed: number;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
}

/** Resident memory of process `pid`, in MiB (VmRSS of /proc). */
export function rssMib(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

/**
 * The RSS of `pid` sampled every 5 s, averaged per minute: one reading swings by a third with the
 * garbage collector's cycle, which would hide or fake a trend.
 */
export class RssSampler {
  private readonly samples: number[][] = [];
  /** The highest single reading. */
  most = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pid: number,
    private readonly started: number,
    now: () => number,
  ) {
    this.timer = setInterval(() => {
      const minute = Math.floor((now() - this.started) / 60_000);
      while (this.samples.length <= minute) this.samples.push([]);
      const mib = rssMib(this.pid);
      this.samples[minute]!.push(mib);
      this.most = Math.max(this.most, mib);
    }, 5000);
  }

  /** The mean RSS of minute `index` (0-based), in MiB. */
  minute(index: number): number {
    const samples = this.samples[index] ?? [];
    return samples.reduce((sum, value) => sum + value, 0) / samples.length;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/**
 * How a memory's per-minute means moved from minute `from` (0-based) to the last: `growth` is the
 * last minute's mean against minute `from`'s, `trend` the rise of the least-squares line through
 * those minutes over their span, both as a fraction of minute `from`'s mean. One high minute moves
 * `growth`; a steady climb moves `trend` even when it ends on a low minute.
 */
export function memoryDrift(means: readonly number[], from: number): { growth: number; trend: number } {
  const ys = means.slice(from);
  const base = ys[0]!;
  const n = ys.length;
  const meanX = (n - 1) / 2;
  const meanY = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  ys.forEach((y, x) => {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  });
  const slope = den === 0 ? 0 : num / den;
  return { growth: (ys[n - 1]! - base) / base, trend: (slope * (n - 1)) / base };
}

export class SoakStats {
  private readonly minutes: Map<string, Bucket>[] = [];
  /** Failures by kind of call and reason (an HTTP status, a socket error, the load generator's cap). */
  readonly failures = new Map<string, number>();

  constructor(private readonly started: number) {}

  private bucket(kind: string, at: number): Bucket {
    const minute = Math.floor((at - this.started) / 60_000);
    while (this.minutes.length <= minute) this.minutes.push(new Map());
    const kinds = this.minutes[minute]!;
    let bucket = kinds.get(kind);
    if (!bucket) kinds.set(kind, (bucket = { times: [], failed: 0 }));
    return bucket;
  }

  /** One call that started at `startedAt` (performance.now() clock) and took `ms`. */
  ok(kind: string, startedAt: number, ms: number): void {
    this.bucket(kind, startedAt).times.push(ms);
  }

  /** `why` names the reason without details, so that alike failures count together. */
  failed(kind: string, startedAt: number, why: string): void {
    this.bucket(kind, startedAt).failed++;
    const key = `${kind}: ${why}`;
    this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
  }

  /** Minute `index` (0-based) by kind. */
  minute(index: number): Map<string, MinuteFigures> {
    const figures = new Map<string, MinuteFigures>();
    for (const [kind, bucket] of this.minutes[index] ?? new Map<string, Bucket>()) {
      const sorted = [...bucket.times].sort((a, b) => a - b);
      figures.set(kind, {
        calls: sorted.length,
        perSecond: sorted.length / 60,
        p50: quantile(sorted, 0.5),
        p99: quantile(sorted, 0.99),
        failed: bucket.failed,
      });
    }
    return figures;
  }

  get totalFailed(): number {
    return this.minutes.reduce(
      (sum, kinds) => sum + [...kinds.values()].reduce((s, b) => s + b.failed, 0),
      0,
    );
  }
}
