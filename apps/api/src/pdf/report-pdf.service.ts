import { Injectable, StreamableFile } from '@nestjs/common';
import { MSG, NotFound, parseZoneOffset, Refused } from '@sweepline/domain';
import { AccountCtx } from '../auth/auth-context';
import { AttachmentsService } from '../runs/attachments.service';
import { runReleaseOf } from '../runs/release-of-run.sql';
import { ResultsService } from '../runs/results.service';
import { FileStorage } from '../storage/file-storage';
import { ReportPdfQueryDto } from './dto/report-pdf.dto';
import { attachmentDisposition, reportFileName } from './render/layout';
import { Screenshot } from './render/report-data';
import { renderReportPdf } from './render/report-pdf';
import { ReportPdfRepository } from './report-pdf.repository';
import { runOriginOf } from '../run-origin/run-origin.sql';

/** The PDF report of one run (docs/requirements/pdf.md#call, "GET report PDF"; issue 5). */
@Injectable()
export class ReportPdfService {
  constructor(
    private readonly repo: ReportPdfRepository,
    private readonly results: ResultsService,
    private readonly attachments: AttachmentsService,
    private readonly storage: FileStorage,
  ) {}

  async pdf(acct: AccountCtx, query: ReportPdfQueryDto): Promise<StreamableFile> {
    const sn = query.sn.trim();
    if (sn === '') throw new Refused(`sn: ${MSG.enterSerialNumber}`);
    const run = await this.repo.run(
      acct.accountId,
      Number(query.seq_id),
      sn,
      Number(query.sn_stage_history_id),
      Number(query.run_no),
    );
    if (!run) throw new NotFound('Run');
    const [traces, screenshots, steps] = await Promise.all([
      this.results.tracesOf(run.id),
      this.screenshots(run.id),
      this.results.withPlots(Number(query.seq_id), run.seq_version, run.current_seq_version, run.steps),
    ]);
    const bytes = await renderReportPdf({
      productName: run.product_name,
      model: run.model,
      sn: run.sn,
      testName: run.seq_name,
      stageNo: run.stage_no,
      testNo: run.test_no,
      seqVersion: run.seq_version,
      release: runReleaseOf(run),
      runNo: run.run_no,
      operator: run.user_name,
      startTime: run.start_time,
      zoneOffset: parseZoneOffset(query.zone_offset)!,
      result: run.result,
      steps,
      traces,
      screenshots,
      origin: runOriginOf(run),
    });
    return new StreamableFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      type: 'application/pdf',
      length: bytes.byteLength,
      disposition: attachmentDisposition(reportFileName(run.sn, run.seq_name)),
    });
  }

  /** The run's instrument screenshots with their bytes (SnP files are not part of the report). */
  private async screenshots(runId: number): Promise<Screenshot[]> {
    const list = (await this.attachments.ofRun(runId)).filter((a) => a.kind === 'screenshot');
    const files = await Promise.all(list.map((a) => this.storage.get(a.id)));
    return list.flatMap((a, i) => {
      const data = files[i];
      return data ? [{ stepIndex: a.stepIndex, fileName: a.fileName, contentType: a.contentType, data }] : [];
    });
  }
}
