import { Verdict, StepVerdict } from '../results/verdict';

/**
 * The result of one step of a run, as the runner uploads it and GET /report/sn answers it (spec 2
 * section 3: "title, header flag, lower, upper, value, unit, result 1/0"). The header flag is
 * `isHeader`: a Report Heading row that starts a section of the report. Limits and values are
 * numbers, or texts for steps that answer in words (a Question's 'yes'), or null when absent.
 */
export interface StepResult {
  title: string;
  isHeader: boolean;
  lower: ResultValue;
  upper: ResultValue;
  value: ResultValue;
  unit: string;
  result: StepVerdict;
  /**
   * Ours, optional: the measurement's warnings (Measurement.warnings, such as a gate narrower
   * than its shape's minimum), shown by the runner and kept with the run. They do not change the
   * result.
   */
  warnings?: string[];
}

export type ResultValue = number | string | null;

/** One run in GET /report/sn (spec 2 section 3, "Report run"), plus runId (ours). */
export interface RunReport {
  /** Ours: the run's id, for GET /runs/{id}/traces and its attachments. */
  runId: number;
  seqId: number;
  snStageHistoryId: number;
  runNo: number;
  /** ISO 8601, UTC. */
  startTime: string;
  seqName: string;
  /** Ours: the test's version the run was made with (the runner names it at upload). */
  seqVersion: number;
  /**
   * Ours: the test's version now. Above `seqVersion` when the test was edited since the run (its
   * steps or limits may differ): the screen points that out.
   */
  currentSeqVersion: number;
  result: Verdict;
  userName: string;
  steps: StepResult[];
}

/** A run made with an older version of its test than the current one (issue 28). */
export function madeWithOlderVersion(run: Pick<RunReport, 'seqVersion' | 'currentSeqVersion'>): boolean {
  return run.seqVersion < run.currentSeqVersion;
}

/** How the run's detail and its PDF name the version: 'Test version 7'. */
export function testVersionLabel(version: number): string {
  return `Test version ${version}`;
}

/** GET /report/sn (spec 2 section 3, "SN lookup response"). */
export interface SnReport {
  sn: string;
  productId: number;
  productName: string;
  reports: RunReport[];
}

/** One trace of GET /runs/{id}/traces: the step result it belongs to, and its points. */
export interface TraceData {
  stepIndex: number;
  freqs_MHz: number[];
  values: number[];
}

export type AttachmentKind = 'screenshot' | 'snp';

/** An uploaded file of a run, as POST /runner/runs/{id}/attachments and GET /runs/{id}/attachments answer. */
export interface AttachmentInfo {
  id: number;
  runId: number;
  stepIndex: number;
  kind: AttachmentKind;
  fileName: string;
  contentType: string;
  size: number;
}
