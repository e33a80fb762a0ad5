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

export class SoakStats {
  private readonly minutes: Map<string, Bucket>[] = [];
  /** The first few failures, to say what went wrong. */
  readonly firstFailures: string[] = [];

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

  failed(kind: string, startedAt: number, why: string): void {
    this.bucket(kind, startedAt).failed++;
    if (this.firstFailures.length < 5) this.firstFailures.push(`${kind}: ${why}`);
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
