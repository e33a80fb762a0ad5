import { Injectable } from '@nestjs/common';
import {
  auditChanges,
  calibrationState,
  type Certificate,
  certificateError,
  type CertificateFields,
  type InstrumentDetail,
  type InstrumentRow,
  isPdf,
  localDay,
  ORIGIN_LIMITS,
  ORIGIN_MSG,
  Refused,
  TooLarge,
} from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { AuditTrail } from '../audit/audit-trail';
import { refuseFirst } from '../common/refusals';
import type { UploadedFile } from '../runs/attachments.service';
import { certificateFileName } from './certificate-file-name';
import type { CertificateFieldsDto } from './dto/instruments.dto';
import {
  type CertificateFile,
  type InstrumentRowData,
  InstrumentsRepository,
} from './instruments.repository';

/** Today as the certificates count it: the UTC day (docs/traceability.md, "Calibration due"). */
const today = () => localDay(Date.now(), 0);

/** A row with its calibration state today, from its certificate in force today. */
function rowOf(data: InstrumentRowData): InstrumentRow {
  const { state, daysLeft } = calibrationState(data.certificate?.dueOn ?? null, Date.now(), 0);
  return { ...data, state, daysLeft };
}

/**
 * The Instruments screen's calls (docs/api/instruments.md): the account's instruments with their
 * calibration state, an instrument's certificates and calibrations, and recording a certificate.
 */
@Injectable()
export class InstrumentsService {
  constructor(
    private readonly repo: InstrumentsRepository,
    private readonly audit: AuditTrail,
  ) {}

  async list(acct: AccountCtx): Promise<InstrumentRow[]> {
    return (await this.repo.list(acct.accountId, today())).map(rowOf);
  }

  async one(acct: AccountCtx, instrumentId: number): Promise<InstrumentDetail> {
    const row = rowOf(await this.repo.one(acct.accountId, instrumentId, today()));
    const certificates = await this.repo.certificates(acct.accountId, instrumentId);
    const calibrations = await this.repo.calibrations(acct.accountId, instrumentId);
    return { ...row, certificates, calibrations };
  }

  /**
   * Records a certificate of an instrument of the account: its fields by the domain's rule, its
   * file a PDF of at most ORIGIN_LIMITS.certificateBytes. Audited on the request's transaction.
   */
  async addCertificate(
    acct: AccountCtx,
    instrumentId: number,
    dto: CertificateFieldsDto,
    file?: UploadedFile,
  ): Promise<Certificate> {
    await this.repo.one(acct.accountId, instrumentId, today());
    refuseFirst([certificateError(dto, today())].flatMap((error) => (error ? [error] : [])));
    // certificateError passed: each field is there, and in this order in the audit row
    const { number, laboratory, calibrated_on, due_on } = dto as CertificateFields;
    if (!file) throw new Refused(`file: ${ORIGIN_MSG.noFile}`);
    // multer refuses a larger file first (FileUpload); this holds whatever the limit there
    if (file.buffer.length > ORIGIN_LIMITS.certificateBytes) throw new TooLarge(ORIGIN_MSG.pdfTooLarge);
    if (!isPdf(file.buffer)) throw new Refused(`file: ${ORIGIN_MSG.notPdf}`);
    const recorded = {
      number,
      laboratory,
      calibrated_on,
      due_on,
      fileName: certificateFileName(file.originalname),
    };
    const certificate = await this.repo.addCertificate(
      acct.accountId,
      instrumentId,
      { ...recorded, pdf: file.buffer },
      { userId: acct.apiTokenId === undefined ? acct.userId : null, userName: acct.userName },
    );
    await this.audit.record(acct, {
      thing: 'instrument',
      thingId: instrumentId,
      action: 'certificate',
      changes: auditChanges({}, { certificate: certificate.id, ...recorded }),
    });
    return certificate;
  }

  certificateFile(acct: AccountCtx, instrumentId: number, certificateId: number): Promise<CertificateFile> {
    return this.repo.file(acct.accountId, instrumentId, certificateId);
  }
}
