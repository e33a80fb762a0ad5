import type { Calibration } from '../calibration/calibration.types';
import type { Step } from '../entities/entities';

/**
 * Releases of a test (docs/releases.md): immutable, numbered snapshots of its steps and
 * calibrations. The editor's calls change the draft; the runner runs a release.
 */

/** What a release keeps: the test's content, not its live fields (name, stage and test numbers). */
export interface ReleaseContent {
  steps: Step[];
  cals: Calibration[];
}

/**
 * How a release came to be: made in the editor or by `sweepline test release`; made when a
 * runner first fetched a changed test without release control; a rollback to an older one; or
 * the migration that introduced releases (each complete test's content then, as release 1).
 */
export type ReleaseKind = 'explicit' | 'automatic' | 'rollback' | 'migration';
export const RELEASE_KINDS: readonly ReleaseKind[] = ['explicit', 'automatic', 'rollback', 'migration'];

/** Released runs; waiting for a second person's approval; rejected by one (with a reason). */
export type ReleaseState = 'released' | 'waiting' | 'rejected';

/** One release as lists and answers show it (its content is asked for by a diff). */
export interface SeqRelease {
  seqId: number;
  no: number;
  kind: ReleaseKind;
  state: ReleaseState;
  note: string;
  /** The release it rolled back to, for a rollback. */
  rolledBackFrom: number | null;
  /** The draft's version it snapshots (the test's `version` then). */
  seqVersion: number;
  createdBy: string;
  /** ISO 8601. */
  createdAt: string;
  /** Who approved or rejected it, when, and why (a rejection's reason). */
  decidedBy: string | null;
  decidedAt: string | null;
  reason: string | null;
}

/** GET /seq/{seqId}/releases: the test's releases, newest first, and its draft's state. */
export interface SeqReleases {
  seqId: number;
  releases: SeqRelease[];
  /** The release the runner runs now (the newest released one), or null. */
  runnableNo: number | null;
  /** Whether the draft's content differs from the newest release's (true when none). */
  draftDiffers: boolean;
}

/**
 * GET /product/{productId}/release_marks: one per live test of the product, what the tests
 * column marks, in one call for the whole product.
 */
export interface ReleaseMark {
  seqId: number;
  /** The release the runner runs now (the newest released one), or null. */
  runnableNo: number | null;
  /** The newest release that is not rejected (the one the draft is compared with), or null. */
  newestNo: number | null;
  /** Whether the draft's content differs from release `newestNo` (true when none). */
  draftDiffers: boolean;
}

/** POST /seq/{seqId}/releases and POST .../{no}/rollback: a note of 1-500 characters. */
export interface ReleaseNoteBody {
  note: string;
}

/** POST /seq/{seqId}/releases/{no}/reject: why, 1-500 characters. */
export interface RejectReleaseBody {
  reason: string;
}

/** GET /seq/{seqId}/diff: two releases by number, or `draft` (the default `to`). */
export interface ReleaseDiffQuery {
  /** A release number; the default is the newest release. */
  from?: string;
  /** A release number or 'draft' (the default). */
  to?: string;
}

/** One side of a diff: a release's number, or the draft. */
export type DiffSide = number | 'draft';

/** A parameter whose value differs between the two sides. */
export interface ParamChange {
  /** The parameter's wire name ('upper', 'startFreq_MHz'...), or a dotted path into a list. */
  key: string;
  from: unknown;
  to: unknown;
  /** Limits come first in a step's changes. */
  isLimit: boolean;
}

/** A step as a diff sees it, matched by step id across the two sides. */
export interface StepDiff {
  stepId: number;
  /** The step's name on the `to` side (the `from` side's for a removed step). */
  name: string;
  change: 'added' | 'removed' | 'moved' | 'changed' | 'moved and changed';
  /** 0-based places on each side; null on the side where the step is not. */
  fromIndex: number | null;
  toIndex: number | null;
  /** Its name, instrument, action and parameters that differ, limits first. */
  changes: ParamChange[];
}

/** A calibration added or removed, or changed (matched by id). */
export interface CalDiff {
  calId: number;
  change: 'added' | 'removed' | 'changed';
  changes: ParamChange[];
}

/** GET /seq/{seqId}/diff: what changed from one side to the other; unchanged steps are left out. */
export interface ReleaseDiff {
  seqId: number;
  from: DiffSide;
  to: DiffSide;
  steps: StepDiff[];
  cals: CalDiff[];
  /** True when the two sides' contents are equal. */
  same: boolean;
}

/** A release waiting for approval, as the managers' list shows it (GET /releases/waiting). */
export interface WaitingRelease extends SeqRelease {
  productId: number;
  productName: string;
  seqName: string;
}

/** GET and PUT /user/release_settings: the account's release control (managers). */
export interface ReleaseSettings {
  /** The runner runs the newest explicit release only. */
  releaseControl: boolean;
  /** Under release control: a release waits for a manager other than its author. */
  approval: boolean;
}

/** What a run says about the release it ran, in results and exports. */
export interface RunRelease {
  no: number;
  /** When the release was made, ISO 8601. */
  at: string;
  note: string;
  /** The newest release of the test now: a run of an older release is marked. */
  newestNo: number;
}
