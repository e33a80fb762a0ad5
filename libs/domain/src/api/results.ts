/** The query strings of a serial number's results and its PDF (docs/api/runs.md, docs/api/pdf.md); query values arrive as text. */

/** GET /report/sn. */
export interface SnReportQuery {
  sn: string;
  /** 1: every run; 0 (default): the latest run of each test. */
  is_all?: '0' | '1';
  /** Ours: the product, when several hold the serial number. */
  product_id?: string;
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
