import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Matches } from 'class-validator';
import {
  ATTACHMENT_KINDS,
  ATTACHMENT_MSG,
  type AttachmentFields,
  type AttachmentKind,
  type AttachmentUpload,
  VMSG,
} from '@sweepline/domain';

/** The text fields of POST /runner/runs/{id}/attachments (multipart/form-data, beside `file`). */
export class AttachmentFieldsDto implements AttachmentFields {
  @ApiProperty({ description: 'Index of the step result in the run (0-based)', example: '3' })
  @IsString()
  @Matches(/^\d{1,9}$/, { message: `step_index: ${VMSG.mustBeInteger}` })
  step_index!: string;

  @ApiProperty({ enum: ATTACHMENT_KINDS })
  @IsIn(ATTACHMENT_KINDS, { message: `kind: ${ATTACHMENT_MSG.kind}` })
  kind!: AttachmentKind;
}

/** The OpenAPI shape of the whole multipart body. */
export class AttachmentUploadDto extends AttachmentFieldsDto implements AttachmentUpload {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description: 'Up to 5 MiB; PNG/JPEG screenshot or .sNp file',
  })
  file!: unknown;
}
