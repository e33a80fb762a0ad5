import {
  dayNumber,
  isValidStationText,
  ORIGIN_LIMITS,
  ORIGIN_MSG,
  type CertificateFields,
} from '@sweepline/domain';
import type { Rules } from '@sweepline/ui';

/** The Record certificate dialog's values: the wire's fields and the chosen file. */
export interface CertificateValues extends CertificateFields {
  file: File | null;
}

export const NO_CERTIFICATE: CertificateValues = {
  number: '',
  laboratory: '',
  calibrated_on: '',
  due_on: '',
  file: null,
};

const text = (value: string) =>
  isValidStationText(value.trim(), ORIGIN_LIMITS.textLength) ? undefined : ORIGIN_MSG.text;
const day = (value: string) => (dayNumber(value) === undefined ? ORIGIN_MSG.day : undefined);

/**
 * Each field's rule, the server's own words (certificateError, the PDF's checks) so a bad value is
 * told before the upload; the server checks again (its 'field: message' lands on the same field).
 * The file's type is judged by its name and type here; the server reads its bytes.
 */
export function certificateRules(today: string): Rules<CertificateValues> {
  return {
    number: text,
    laboratory: text,
    calibrated_on: (value) => day(value) ?? (value > today ? ORIGIN_MSG.calibratedInFuture : undefined),
    due_on: (value, values) =>
      day(value) ??
      (dayNumber(values.calibrated_on) !== undefined && value < values.calibrated_on
        ? ORIGIN_MSG.dueBeforeCalibrated
        : undefined),
    file: (file) => {
      if (file === null) return ORIGIN_MSG.noFile;
      if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return ORIGIN_MSG.notPdf;
      return file.size > ORIGIN_LIMITS.certificateBytes ? ORIGIN_MSG.pdfTooLarge : undefined;
    },
  };
}

const FILE_MESSAGES: string[] = [ORIGIN_MSG.noFile, ORIGIN_MSG.notPdf, ORIGIN_MSG.pdfTooLarge];

/**
 * Which field a refusal of the server names: 'due_on: The due date is before…' is the due date's;
 * the PDF's messages are the file's, with or without a field name. Undefined: the whole form's.
 */
export function refusedField(
  message: string,
): { field: keyof CertificateValues; message: string } | undefined {
  const named = /^(number|laboratory|calibrated_on|due_on|file): (.+)$/s.exec(message);
  if (named) return { field: named[1] as keyof CertificateValues, message: named[2]! };
  return FILE_MESSAGES.includes(message) ? { field: 'file', message } : undefined;
}
