/** ours: /tr?sn=A-1&run=5012 opens that run among all runs of the serial number (docs/web.md, "Test Results"). */
export function runLink(sn: string, runId: number): string {
  return `/tr?sn=${encodeURIComponent(sn)}&run=${runId}`;
}
