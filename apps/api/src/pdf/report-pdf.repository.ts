import { Injectable } from '@nestjs/common';
import { StepResult, Verdict } from '@sweepline/domain';
import { ReadDb } from '../database/read-db';
import { RELEASE_OF_RUN, RELEASE_OF_RUN_COLUMNS, ReleaseOfRunRow } from '../runs/release-of-run.sql';
import { RUN_ORIGIN_COLUMNS, RunOriginRow } from '../run-origin/run-origin.sql';

export interface PdfRunRow extends ReleaseOfRunRow, RunOriginRow {
  id: number;
  sn: string;
  run_no: number;
  start_time: Date;
  result: Verdict;
  user_name: string;
  steps: StepResult[];
  seq_name: string;
  stage_no: number;
  test_no: number;
  seq_version: number;
  current_seq_version: number;
  product_name: string;
  model: string;
}

/** The SQL of the PDF report: on the standby when it has replayed the run printed (ReadDb.fresh). */
@Injectable()
export class ReportPdfRepository {
  constructor(private readonly db: ReadDb) {}

  /**
   * The run a PDF request names (GET /report/pdf): the stage visit's serial number, the test and
   * the run number in the visit pick one run (run_no is counted per test and visit), and the
   * serial number must be the visit's. Through the visit's primary key and the index
   * (serial_number_id, seq_id, start_time). Runs of deleted tests and products are found too.
   * What measured the run comes in the same statement (RUN_ORIGIN_COLUMNS).
   */
  async run(accountId: number, seqId: number, sn: string, historyId: number, runNo: number) {
    const [row] = await this.db.fresh<PdfRunRow>(
      `SELECT r.id::float8 AS id, r.sn, r.run_no, r.start_time, r.result::int AS result, r.user_name, r.steps,
              s.name AS seq_name, s.stage_no::int AS stage_no, s.test_no::int AS test_no,
              r.seq_version, s.version AS current_seq_version,
              p.name AS product_name, p.model, ${RELEASE_OF_RUN_COLUMNS},
              ${RUN_ORIGIN_COLUMNS}
         FROM sn_stage_history h
         JOIN run r ON r.serial_number_id = h.serial_number_id AND r.sn_stage_history_id = h.id
         JOIN seq s ON s.id = r.seq_id ${RELEASE_OF_RUN}
         JOIN product p ON p.id = r.product_id
        WHERE h.id = $1 AND h.account_id = $2 AND r.account_id = $2
          AND r.seq_id = $3 AND r.run_no = $4 AND r.sn = $5`,
      [historyId, accountId, seqId, runNo, sn],
    );
    return row;
  }
}
