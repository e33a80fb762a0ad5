import { Injectable, StreamableFile } from '@nestjs/common';
import {
  ATTACHMENT_LIMITS,
  ATTACHMENT_MSG,
  attachmentContentType,
  attachmentError,
  attachmentFileName,
  AttachmentInfo,
  Conflict,
  NotFound,
  Refused,
  RUN_MSG,
  TooLarge,
} from '@sweepline/domain';
import { AccountCtx } from '../auth/auth-context';
import { refuseFirst } from '../common/refusals';
import { TrialQuotaService } from '../rate-limit/trial-quota.service';
import { FileStorage } from '../storage/file-storage';
import { AttachmentsRepository } from './attachments.repository';
import { AttachmentFieldsDto } from './dto/attachment.dto';
import { RunsRepository } from './runs.repository';

/** The part of a multer file we use (memory storage). */
export interface UploadedFile {
  originalname: string;
  buffer: Buffer;
}

/** A header-safe file name: RFC 5987 for the real one, an ASCII stand-in for old clients. */
function disposition(type: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Files of runs: instrument screenshots and SnP files (docs/requirements/storage.md#uploaded-files). */
@Injectable()
export class AttachmentsService {
  constructor(
    private readonly runs: RunsRepository,
    private readonly rows: AttachmentsRepository,
    private readonly storage: FileStorage,
    private readonly quota: TrialQuotaService,
  ) {}

  /**
   * Stores a file of a run's step. The run is locked so two uploads cannot both pass the per-run
   * limit. A repeat (same step, kind and name, same size) answers the stored file: the runner
   * retries uploads.
   */
  async add(acct: AccountCtx, runId: number, fields: AttachmentFieldsDto, file?: UploadedFile) {
    const run = await this.runs.run(acct.accountId, runId, true);
    const stepIndex = Number(fields.step_index);
    if (stepIndex >= run.step_count) throw new Refused(`step_index: ${RUN_MSG.noSuchStep(stepIndex)}`);
    if (!file) throw new Refused(`file: ${ATTACHMENT_MSG.noFile}`);
    const fileName = attachmentFileName(file.originalname);
    const error = attachmentError(fields.kind, fileName, file.buffer);
    if (error?.message === ATTACHMENT_MSG.fileTooLarge) throw new TooLarge(error.message);
    refuseFirst(error ? [error] : []);
    const same = await this.rows.same(runId, stepIndex, fields.kind, fileName);
    if (same && same.size === file.buffer.length) return same;
    if (same) throw new Conflict(`A different ${fileName} is stored for step result ${stepIndex} already`);
    if ((await this.rows.totalSize(runId)) + file.buffer.length > ATTACHMENT_LIMITS.runBytes) {
      throw new TooLarge(ATTACHMENT_MSG.runTooLarge);
    }
    await this.quota.chargeFile(acct.accountId, file.buffer.length);
    const contentType = attachmentContentType(fields.kind, file.buffer)!;
    const info = await this.rows.insert({
      accountId: acct.accountId,
      runId,
      stepIndex,
      kind: fields.kind,
      fileName,
      contentType,
      size: file.buffer.length,
    });
    await this.storage.put(info.id, file.buffer);
    return info;
  }

  async list(acct: AccountCtx, runId: number): Promise<AttachmentInfo[]> {
    await this.runs.run(acct.accountId, runId);
    return this.ofRun(runId);
  }

  /** The files of a run the caller has already found in its account (the PDF report's). */
  ofRun(runId: number): Promise<AttachmentInfo[]> {
    return this.rows.list(runId);
  }

  /** The file itself: screenshots shown inline, SnP files downloaded. */
  async file(acct: AccountCtx, runId: number, attachmentId: number): Promise<StreamableFile> {
    const info = await this.rows.one(acct.accountId, runId, attachmentId);
    const data = await this.storage.get(info.id);
    if (!data) throw new NotFound('Attachment');
    return new StreamableFile(data, {
      type: info.contentType,
      length: data.length,
      disposition: disposition(info.kind === 'screenshot' ? 'inline' : 'attachment', info.fileName),
    });
  }
}
