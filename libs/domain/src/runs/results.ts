import type { RunReport } from '../api/results';

/** A run made with an older version of its test than the current one (issue 28). */
export function madeWithOlderVersion(run: Pick<RunReport, 'seqVersion' | 'currentSeqVersion'>): boolean {
  return run.seqVersion < run.currentSeqVersion;
}

/** How the run's detail and its PDF name the version: 'Test version 7'. */
export function testVersionLabel(version: number): string {
  return `Test version ${version}`;
}
