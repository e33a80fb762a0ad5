import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { type CertificateFields, type CertificateUpload, ORIGIN_LIMITS, ORIGIN_MSG } from '@sweepline/domain';

/**
 * The text fields of POST /instruments/{instrumentId}/certificates (multipart/form-data, beside
 * `file`). Each is text here; the service judges them together with the domain's
 * certificateError, which names a missing one the way it names a bad one.
 */
export class CertificateFieldsDto implements Partial<CertificateFields> {
  @ApiProperty({ description: "The certificate's number", example: 'CAL-2026-0142' })
  @IsOptional()
  @IsString({ message: ORIGIN_MSG.text })
  number?: string;

  @ApiProperty({ description: 'The calibration laboratory', example: 'Keysight Service Center Böblingen' })
  @IsOptional()
  @IsString({ message: ORIGIN_MSG.text })
  laboratory?: string;

  @ApiProperty({ description: "'YYYY-MM-DD', not after today (UTC)", example: '2026-11-02' })
  @IsOptional()
  @IsString({ message: ORIGIN_MSG.day })
  calibrated_on?: string;

  @ApiProperty({ description: "'YYYY-MM-DD', not before calibrated_on", example: '2027-11-02' })
  @IsOptional()
  @IsString({ message: ORIGIN_MSG.day })
  due_on?: string;
}

/** The OpenAPI shape of the whole multipart body. */
export class CertificateUploadDto extends CertificateFieldsDto implements Partial<CertificateUpload> {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description: `The certificate as a PDF, up to ${ORIGIN_LIMITS.certificateBytes / 1024 / 1024} MiB`,
  })
  file?: unknown;
}
