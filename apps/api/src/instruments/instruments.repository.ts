import { Injectable } from '@nestjs/common';
import type { CalibrationRecord, Certificate, CertificateFields, InstrumentRow } from '@sweepline/domain';
import { NotFound } from '@sweepline/domain';
import { Db } from '../database/transaction';
import { dueOnInForce } from './certificate-in-force.sql';

/** An instrument's own columns, and its certificate in force on the day asked for (null: none). */
export type InstrumentRowData = Omit<InstrumentRow, 'state' | 'daysLeft'>;

/** A certificate's file, as GET .../pdf serves it. */
export interface CertificateFile {
  fileName: string;
  pdf: Buffer;
}

const DAY = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;
/** An ISO time as Date.toISOString writes it (UTC, milliseconds). */
const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A certificate row `c` in its wire shape (Certificate). */
const CERTIFICATE_JSON = `json_build_object(
    'id', c.id, 'number', c.number, 'laboratory', c.laboratory,
    'calibratedOn', ${DAY('c.calibrated_on')}, 'dueOn', ${DAY('c.due_on')},
    'fileName', c.file_name, 'fileBytes', octet_length(c.pdf),
    'recordedBy', c.recorded_by_name, 'recordedAt', ${ISO('c.recorded_at')})`;

/**
 * The instruments of an account with their certificate in force on day $2 (the rule of
 * dueOnInForce, shared with the upload and the run's report); `where` narrows the rows.
 */
const INSTRUMENTS = (where: string) => `
  SELECT i.id, i.role, i.vendor, i.model, i.serial, i.firmware, i.resource,
         i.last_station AS "lastStation", ${ISO('i.last_used_at')} AS "lastUsedAt",
         cert.json AS certificate
    FROM instrument i
    LEFT JOIN LATERAL (
           SELECT ${CERTIFICATE_JSON} AS json FROM instrument_certificate c
            WHERE c.account_id = i.account_id AND c.instrument_id = i.id AND c.calibrated_on <= $2::date
              AND c.due_on = ${dueOnInForce('i.id', 'i.account_id', '$2::date')}
            ORDER BY c.calibrated_on DESC, c.id DESC LIMIT 1) cert ON true
   WHERE i.account_id = $1 ${where}
   ORDER BY i.role, i.model COLLATE "C", i.serial COLLATE "C", i.id`;

/** Calibrations an instrument's page lists: the latest ones. */
export const CALIBRATIONS_SHOWN = 50;

/**
 * The SQL of instruments and their certificates (docs/api/instruments.md). Instruments are
 * registered by the run upload; this reads them and records certificates. Scoped to the account.
 */
@Injectable()
export class InstrumentsRepository {
  constructor(private readonly db: Db) {}

  /** Every instrument of the account, by role, model and serial number; `today` is 'YYYY-MM-DD'. */
  list(accountId: number, today: string): Promise<InstrumentRowData[]> {
    return this.db.query<InstrumentRowData>(INSTRUMENTS(''), [accountId, today]);
  }

  /** One instrument of the account; 404 otherwise. */
  async one(accountId: number, instrumentId: number, today: string): Promise<InstrumentRowData> {
    const [row] = await this.db.query<InstrumentRowData>(INSTRUMENTS('AND i.id = $3'), [
      accountId,
      today,
      instrumentId,
    ]);
    if (!row) throw new NotFound('Instrument');
    return row;
  }

  /** The instrument's certificates, the latest calibration first. */
  async certificates(accountId: number, instrumentId: number): Promise<Certificate[]> {
    const rows = await this.db.query<{ json: Certificate }>(
      `SELECT ${CERTIFICATE_JSON} AS json FROM instrument_certificate c
        WHERE c.account_id = $1 AND c.instrument_id = $2
        ORDER BY c.calibrated_on DESC, c.due_on DESC, c.id DESC`,
      [accountId, instrumentId],
    );
    return rows.map((row) => row.json);
  }

  /** The calibrations made on the instrument, newest first, at most CALIBRATIONS_SHOWN. */
  calibrations(accountId: number, instrumentId: number): Promise<CalibrationRecord[]> {
    return this.db.query<CalibrationRecord>(
      `SELECT id, kind, ecal_serial AS "ecalSerial", ports, start_mhz AS "startMHz", stop_mhz AS "stopMHz",
              ${ISO('made_at')} AS "madeAt", made_by AS "madeBy", instrument_id AS "instrumentId"
         FROM calibration_record
        WHERE account_id = $1 AND instrument_id = $2
        ORDER BY made_at DESC, id DESC LIMIT ${CALIBRATIONS_SHOWN}`,
      [accountId, instrumentId],
    );
  }

  /** Records a certificate of an instrument the caller found in the account. */
  async addCertificate(
    accountId: number,
    instrumentId: number,
    fields: CertificateFields & { fileName: string; pdf: Buffer },
    by: { userId: number | null; userName: string },
  ): Promise<Certificate> {
    const [row] = await this.db.query<{ json: Certificate }>(
      `WITH c AS (
         INSERT INTO instrument_certificate (account_id, instrument_id, number, laboratory, calibrated_on, due_on,
                                             file_name, pdf, recorded_by_id, recorded_by_name)
         VALUES ($1, $2, $3, $4, $5::date, $6::date, $7, $8, $9, $10)
         RETURNING *)
       SELECT ${CERTIFICATE_JSON} AS json FROM c`,
      [
        accountId,
        instrumentId,
        fields.number,
        fields.laboratory,
        fields.calibrated_on,
        fields.due_on,
        fields.fileName,
        fields.pdf,
        by.userId,
        by.userName,
      ],
    );
    return row!.json;
  }

  /** A certificate's PDF, of an instrument of the account; 404 otherwise. */
  async file(accountId: number, instrumentId: number, certificateId: number): Promise<CertificateFile> {
    const [row] = await this.db.query<CertificateFile>(
      `SELECT file_name AS "fileName", pdf FROM instrument_certificate
        WHERE account_id = $1 AND instrument_id = $2 AND id = $3`,
      [accountId, instrumentId, certificateId],
    );
    if (!row) throw new NotFound('Certificate');
    return row;
  }
}
