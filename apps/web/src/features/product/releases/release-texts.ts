import type { ReleaseState, SeqRelease } from '@sweepline/domain';

/**
 * Texts of releases in the editor and Settings (docs/web.md, "Releases"); the rules' own messages
 * (a note's length, the server's refusals) come from RELEASE_MSG of @sweepline/domain.
 */
export const RELEASE_TEXTS = {
  releaseButton: 'Release test',
  listButton: 'Releases',
  releaseTitle: 'Release Test',
  listTitle: 'Releases',
  note: 'Note',
  reason: 'Reason',
  release: 'Release',
  rollBackTitle: (no: number) => `Roll Back to Release ${no}`,
  rollBack: (no: number) => `Roll back to release ${no}`,
  rejectTitle: (no: number) => `Reject Release ${no}`,
  approve: (no: number) => `Approve release ${no}`,
  reject: (no: number) => `Reject release ${no}`,
  approveShort: 'Approve',
  rejectShort: 'Reject',
  runsNow: 'Runs now',
  runs: (no: number) => `The runner runs release ${no}`,
  noneRuns: 'No release runs yet',
  draftDiffers: (no: number) => `Draft differs from release ${no}`,
  neverReleased: 'Never released',
  draftIsRelease: (no: number) => `Draft is release ${no}`,
  nextRelease: (no: number, test: string) => `This makes release ${no} of ${test}.`,
  firstRelease: (test: string) => `${test} has no release yet: this makes release 1.`,
  released: (test: string, no: number) => `Release ${no} of ${test} is released`,
  waiting: (test: string, no: number) => `Release ${no} of ${test} is waiting for a manager's approval`,
  approved: (test: string, no: number) => `Release ${no} of ${test} is approved`,
  rejected: (test: string, no: number) => `Release ${no} of ${test} is rejected`,
  noReleases: 'No releases yet',
  compare: 'Compare',
  from: 'From',
  to: 'To',
  draft: 'Draft',
  releaseNo: (no: number) => `Release ${no}`,
  same: 'No differences: both hold the same steps and calibrations',
  diffLabel: (from: string, to: string) => `Changes from ${from} to ${to}`,
  loading: 'Loading…',
  waitingTitle: 'Waiting for approval',
  noneWaiting: 'No release is waiting for approval',
  settingsTitle: 'Release control',
  releaseControl: 'Release control',
  releaseControlHint: 'The runner runs released tests only: an edit reaches the line once it is released.',
  approval: "Releases need a second person's approval",
  approvalHint: 'A release waits until a manager other than its author approves it.',
} as const;

export const STATE_TEXTS: Record<ReleaseState, string> = {
  released: 'Released',
  waiting: 'Waiting for approval',
  rejected: 'Rejected',
};

/** How a release came to be, as the list says it. */
export function kindText(release: Pick<SeqRelease, 'kind' | 'rolledBackFrom'>): string {
  switch (release.kind) {
    case 'explicit':
      return 'Explicit';
    case 'automatic':
      return 'Automatic';
    case 'rollback':
      return `Rollback to ${release.rolledBackFrom ?? '?'}`;
    case 'migration':
      return 'When releases began';
  }
}
