/** Pure helpers of the trace plots: round ticks and the points worth drawing. */

export interface Axis {
  min: number;
  max: number;
  /** Tick values from min to max. */
  ticks: number[];
  /** Decimals that print every tick exactly. */
  decimals: number;
}

/** A 1, 2 or 5 times a power of ten near `raw`. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const f = raw / power;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * power;
}

/**
 * An axis over [lo, hi] with about `target` ticks at round values, widened to whole ticks when
 * `snap` is set (the value axis) or kept at the data's ends (the frequency axis, whose ticks
 * fall inside). A flat range is widened so it still has ticks.
 */
export function niceAxis(lo: number, hi: number, target: number, snap: boolean): Axis {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return niceAxis(0, 1, target, snap);
  if (hi < lo) [lo, hi] = [hi, lo];
  if (hi === lo) {
    const pad = lo === 0 ? 1 : Math.abs(lo) * 0.01;
    return niceAxis(lo - pad, hi + pad, target, snap);
  }
  const step = niceStep((hi - lo) / Math.max(1, target));
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const round = (x: number) => Number(x.toFixed(decimals));
  const min = snap ? round(Math.floor(lo / step) * step) : lo;
  const max = snap ? round(Math.ceil(hi / step) * step) : hi;
  const ticks: number[] = [];
  const first = Math.ceil(min / step - 1e-9);
  const last = Math.floor(max / step + 1e-9);
  for (let i = first; i <= last; i++) ticks.push(round(i * step));
  return { min, max, ticks, decimals };
}

/** A tick's label: its decimals, and never '-0'. */
export function tickLabel(value: number, decimals: number): string {
  const text = value.toFixed(decimals);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/**
 * The points of a trace to draw in `columns` device columns: all of them when few, else the
 * first, lowest and highest point of each column in their order (the plot looks the same and a
 * 20,001-point trace takes about 4 points a column).
 */
export function decimate(freqs: ArrayLike<number>, values: ArrayLike<number>, columns: number): number[] {
  const n = Math.min(freqs.length, values.length);
  const out: number[] = [];
  if (n <= columns * 4) {
    for (let i = 0; i < n; i++) out.push(i);
    return out;
  }
  const f0 = freqs[0]!;
  const span = freqs[n - 1]! - f0 || 1;
  let i = 0;
  while (i < n) {
    const column = Math.floor(((freqs[i]! - f0) / span) * columns);
    let lo = i;
    let hi = i;
    let j = i + 1;
    while (j < n && Math.floor(((freqs[j]! - f0) / span) * columns) === column) {
      if (values[j]! < values[lo]!) lo = j;
      if (values[j]! > values[hi]!) hi = j;
      j++;
    }
    const last = j - 1;
    for (const k of [...new Set([i, lo, hi, last])].sort((a, b) => a - b)) out.push(k);
    i = j;
  }
  return out;
}
