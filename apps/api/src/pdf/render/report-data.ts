import type { RunOriginReport, RunRelease, StepResult, TraceData, Verdict } from '@sweepline/domain';

/** An instrument screenshot of a step (an attachment of kind 'screenshot'). */
export interface Screenshot {
  stepIndex: number;
  fileName: string;
  contentType: string;
  data: Uint8Array;
}

/** Everything the PDF report prints about one run. */
export interface ReportPdfData {
  productName: string;
  model: string;
  sn: string;
  testName: string;
  stageNo: number;
  testNo: number;
  /** The test's version the run was made with. */
  seqVersion: number;
  /** The release the run was made with (issue 39); null for a run made before releases. */
  release: RunRelease | null;
  runNo: number;
  operator: string;
  startTime: Date;
  /** The caller's zone, hours from UTC (docs/requirements/pdf.md#call). */
  zoneOffset: number;
  result: Verdict;
  steps: StepResult[];
  traces: TraceData[];
  screenshots: Screenshot[];
  /** What measured the run (issue 40): station, runner, instruments, calibrations. */
  origin: RunOriginReport;
}
