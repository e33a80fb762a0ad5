import type { RunReport } from '../api/results';
import type { RunRelease } from '../api/test-releases';
import { RELEASE_MSG } from '../releases/release-rules';
import { formatDate } from '../time/days';

/** A run made with an older version of its test than the current one (issue 28). */
export function madeWithOlderVersion(run: Pick<RunReport, 'seqVersion' | 'currentSeqVersion'>): boolean {
  return run.seqVersion < run.currentSeqVersion;
}

/** How the run's detail and its PDF name the version: 'Test version 7'. */
export function testVersionLabel(version: number): string {
  return `Test version ${version}`;
}

/** A run made with an older release of its test than the newest one (issue 39). */
export function madeWithOlderRelease(release: RunRelease | null): release is RunRelease {
  return release !== null && release.no < release.newestNo;
}

/**
 * How /tr and the run's PDF name the release a run was made with: 'Release 7 · 2026-11-28 ·
 * Tighter limits' (the day in the reader's zone); a run made before releases keeps its test
 * version: 'Test version 3 · before releases'.
 */
export function runReleaseLine(
  run: { seqVersion: number; release: RunRelease | null },
  zoneOffsetHours: number,
): string {
  const { release } = run;
  if (release === null) return `${testVersionLabel(run.seqVersion)} · ${RELEASE_MSG.beforeReleases}`;
  const day = formatDate(Date.parse(release.at), zoneOffsetHours);
  return [`Release ${release.no}`, day, release.note.trim()].filter((part) => part !== '').join(' · ');
}

/** The mark of a run of an older release: 'Release 5 — the test's newest release is 7'. */
export function olderReleaseNote(release: RunRelease): string {
  return `Release ${release.no} — the test's newest release is ${release.newestNo}`;
}
