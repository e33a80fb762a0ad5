import type { AttachmentInfo, ReportPdfQuery, RunReport, SnReport, TraceData } from '@sweepline/domain';
import { zoneOffsetFromTimezoneOffset } from '@sweepline/domain';
import { api, getFile } from '../../app/api-client';

/** The calls of docs/api/runs.md and docs/api/pdf.md (spec 2 section 7). */
export const testResultsApi = {
  bySn: (sn: string, all: boolean) =>
    api.get<SnReport>(`/report/sn?sn=${encodeURIComponent(sn)}&is_all=${all ? 1 : 0}`),
  traces: (runId: number) => api.get<TraceData[]>(`/runs/${runId}/traces`),
  attachments: (runId: number) => api.get<AttachmentInfo[]>(`/runs/${runId}/attachments`),
  attachment: (runId: number, attachmentId: number) => getFile(`/runs/${runId}/attachments/${attachmentId}`),
  /** Spec 2 section 7: the run named by test, serial number, stage visit and run number; the zone in hours. */
  pdf: (sn: string, run: RunReport) => {
    const query = new URLSearchParams({
      seq_id: String(run.seqId),
      sn,
      sn_stage_history_id: String(run.snStageHistoryId),
      run_no: String(run.runNo),
      zone_offset: String(zoneOffsetFromTimezoneOffset(new Date(run.startTime).getTimezoneOffset())),
    } satisfies ReportPdfQuery);
    return getFile(`/report/pdf?${query}`);
  },
};
