import {
  endpoints,
  zoneOffsetFromTimezoneOffset,
  type RunReport,
  type SnProductsQuery,
  type SnReport,
} from '@sweepline/domain';
import { api } from '../../app/api-client';

const { results } = endpoints;

/** The query of a serial number's runs: all of them, or the latest of each test. */
export const runsQuery = (sn: string, all: boolean): SnProductsQuery => ({ sn, is_all: all ? '1' : '0' });

/** The calls of docs/api/runs.md and docs/api/pdf.md (docs/requirements/pdf.md#call). */
export const testResultsApi = {
  /**
   * The serial number's runs in every product that holds it, the product tested last first: the
   * spec's GET /report/sn, then, only when it says several products hold the serial number,
   * GET /report/sn/products for them all.
   */
  bySn: async (query: SnProductsQuery): Promise<SnReport[]> => {
    const last = await api.call(results.bySn, { query });
    return (last.productCount ?? 1) > 1 ? api.call(results.bySnEveryProduct, { query }) : [last];
  },
  latest: () => api.call(results.latest),
  traces: (runId: number) => api.call(results.traces, { params: { id: runId } }),
  attachments: (runId: number) => api.call(results.attachments, { params: { id: runId } }),
  attachment: (runId: number, attachmentId: number) =>
    api.file(results.attachment, { params: { id: runId, attachmentId } }),
  /** docs/requirements/serial-numbers.md#calls: the run named by test, serial number, stage visit and run number; the zone in hours. */
  pdf: (sn: string, run: RunReport) =>
    api.file(results.pdf, {
      query: {
        seq_id: run.seqId,
        sn,
        sn_stage_history_id: run.snStageHistoryId,
        run_no: run.runNo,
        zone_offset: zoneOffsetFromTimezoneOffset(new Date(run.startTime).getTimezoneOffset()),
      },
    }),
};
