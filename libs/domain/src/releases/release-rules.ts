import type { ReleaseContent } from '../api/test-releases';

/** Limits of releases (docs/releases.md). */
export const RELEASE_LIMITS = {
  /** Characters of a release note and of a rejection's reason. */
  noteChars: 500,
} as const;

/** What releases answer and refuse, shared by the API, the web app and the command-line program. */
export const RELEASE_MSG = {
  note: `A note of 1 to ${RELEASE_LIMITS.noteChars} characters`,
  reason: `A reason of 1 to ${RELEASE_LIMITS.noteChars} characters`,
  notComplete: (test: string, why: string) =>
    `Test ${test} is not complete, so it cannot be released: ${why}`,
  nothingNew: (test: string, no: number) => `Nothing to release: the draft of ${test} is release ${no}`,
  notReleasedYet: (test: string) => `${test} is not released yet: release it in the editor`,
  notFound: (no: number) => `Release ${no} not found`,
  notWaiting: (no: number) => `Release ${no} is not waiting for approval`,
  ownRelease: 'A release needs a manager other than its author: ask another manager to approve it',
  noApprover:
    "Releases need a second person's approval, and no manager besides you can give it: an editor releases, and the manager approves",
  notRunnable: (test: string, no: number) => `Release ${no} of ${test} is not released`,
  approvalNeedsControl: 'Approval needs release control: turn release control on first',
  rollbackToRelease: (no: number) => `Release ${no} was never released: roll back to a released one`,
  /** The runner's line as it starts a unit. */
  running: (test: string, no: number | null) => (no === null ? test : `${test}, release ${no}`),
  /** Results of a run made before releases existed, or by a runner that did not say. */
  beforeReleases: 'before releases',
} as const;

/** Undefined when the note is 1-500 characters once trimmed, else what is wrong. */
export function releaseNoteError(note: unknown, message: string = RELEASE_MSG.note): string | undefined {
  if (typeof note !== 'string') return message;
  const trimmed = note.trim();
  return trimmed.length >= 1 && trimmed.length <= RELEASE_LIMITS.noteChars ? undefined : message;
}

/**
 * JSON with object keys in code-point order at every depth: equal contents give equal text, so
 * their SHA-256 (taken by the API and the command-line program, the domain has no crypto) is equal.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The content a release keeps of a test: its steps in order and its calibrations. */
export function releaseContentOf(test: {
  steps: ReleaseContent['steps'];
  cals: ReleaseContent['cals'];
}): ReleaseContent {
  return { steps: test.steps, cals: test.cals };
}
