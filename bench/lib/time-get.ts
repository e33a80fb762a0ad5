import type { Api } from './scale-account';

/** How long one GET took, one after another: the median, p90 and slowest, and the reply's size. */
export interface Timing {
  label: string;
  median: number;
  p90: number;
  max: number;
  bytes: number;
}

/** The timing of `n` requests one after another, after three to warm up; a refusal stops the bench. */
export async function timeGet(api: Api, label: string, path: string, n = 20): Promise<Timing> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = -3; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(`${api.baseUrl}${path}`, { headers: { 'x-auth-token': api.token } });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200)
      throw new Error(`${label} answered ${res.status}: ${body.toString().slice(0, 300)}`);
    if (i >= 0) times.push(performance.now() - t0);
    bytes = body.length;
  }
  times.sort((a, b) => a - b);
  return { label, median: times[n >> 1]!, p90: times[Math.floor(n * 0.9)]!, max: times[n - 1]!, bytes };
}
