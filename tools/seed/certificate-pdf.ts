/**
 * A seeded certificate's PDF: one A4 page that names the instrument, the certificate and its
 * dates, in the standard Helvetica font (nothing embedded). Written by hand, with its
 * cross-reference table, so that viewers open it as they open a laboratory's certificate.
 */
import type { SimIdentity } from '@sweepline/instruments';

/** PDF strings escape backslashes and parentheses. */
const pdfString = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

export function certificatePdf(
  instrument: Pick<SimIdentity, 'vendor' | 'model' | 'serial'>,
  certificate: { number: string; laboratory: string; calibratedOn: string; dueOn: string },
): Buffer {
  const lines = [
    'Calibration certificate',
    `Certificate ${certificate.number}`,
    `${instrument.vendor} ${instrument.model}, serial number ${instrument.serial}`,
    `Calibrated on ${certificate.calibratedOn}, due on ${certificate.dueOn}`,
    certificate.laboratory,
    'Demo data (npm run seed)',
  ];
  const text = lines
    .map((line, i) => `BT /F1 ${i === 0 ? 18 : 11} Tf 60 ${770 - i * 24} Td ${pdfString(line)} Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
