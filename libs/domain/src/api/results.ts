/**
 * A serial number's results, their traces and attachments, and its PDF (docs/api/runs.md,
 * docs/api/pdf.md): query strings (their values arrive as text) and answers.
 */
import type { StepVerdict, Verdict } from '../results/verdict';
import type { RunRelease } from './test-releases';
import type { StepPlot } from '../trace-limits/step-plot';

/** GET /report/sn. */
export interface SnReportQuery {
  sn: string;
  /** 1: every run; 0 (default): the latest run of each test. */
  is_all?: '0' | '1';
  /** Ours: the product, when several hold the serial number. */
  product_id?: string;
}

/** GET /report/sn/products (ours): a serial number's runs in every product that holds it. */
export type SnProductsQuery = Omit<SnReportQuery, 'product_id'>;

/** How many runs GET /report/latest answers: a screenful, the newest first. */
export const LATEST_RUNS = 50;

/** One of the account's latest runs (GET /report/latest): what the empty Test Results screen lists. */
export interface LatestRun {
  runId: number;
  sn: string;
  productId: number;
  productName: string;
  seqName: string;
  result: Verdict;
  /** ISO 8601, UTC. */
  startTime: string;
  /** Ours (issue 39): the release the run was made with; null for a run made before releases. */
  release: RunRelease | null;
}

/** GET /report/pdf: the four name one run exactly, as GET /report/sn answers it. */
export interface ReportPdfQuery {
  seq_id: string;
  sn: string;
  sn_stage_history_id: string;
  run_no: string;
  /** Hours from UTC, -12 to 14 (5.5, -3.5). */
  zone_offset: string;
}

/**
 * The result of one step of a run, as the runner uploads it and GET /report/sn answers it (docs/requirements/results.md#entities: "title, header flag, lower, upper, value, unit, result 1/0"). The header flag is
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
  /**
   * Ours, optional: what the step's trace needs to be drawn with its limits where they belong
   * (docs/measurements.md, "Limit lines"); the runner records it with a traced result.
   */
  plot?: StepPlot;
  /**
   * Ours, optional: the answers that pass an answered step, which the runner sends with its row
   * so the server can judge the answer as the runner did (docs/api/runs.md, "The server's
   * verdict"): a Question's expected answer, a Multiple Choice's checked options' texts.
   */
  expected?: string[];
}

export type ResultValue = number | string | null;

/** One run in GET /report/sn (docs/requirements/results.md#entities, "Report run"), plus runId (ours). */
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
  /**
   * Ours (issue 39, docs/releases.md): the release the run was made with, and the test's newest
   * release now; null for a run made before releases.
   */
  release: RunRelease | null;
}

/** GET /report/sn (docs/requirements/results.md#entities, "SN lookup response"). */
export interface SnReport {
  sn: string;
  productId: number;
  productName: string;
  reports: RunReport[];
  /**
   * Ours, in GET /report/sn's answer when no product_id is given: how many of the account's live
   * products hold the serial number. More than one: the Test Results screen asks GET
   * /report/sn/products for them all.
   */
  productCount?: number;
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
