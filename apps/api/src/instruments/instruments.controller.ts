import { Body, Controller, Param, StreamableFile, UploadedFile } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { endpoints, ORIGIN_LIMITS, ORIGIN_MSG, ROLE_RULES } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { Account, Roles } from '../auth/decorators';
import { RawReply } from '../common/envelope';
import { FileUpload } from '../common/file-upload';
import { ParseIdPipe } from '../common/id-pipe';
import { Route } from '../common/route.decorator';
import { attachmentDisposition } from '../pdf/render/layout';
import type { UploadedFile as File } from '../runs/attachments.service';
import { CertificateFieldsDto, CertificateUploadDto } from './dto/instruments.dto';
import { InstrumentsService } from './instruments.service';

/** The text fields beside the certificate's file. */
const CERTIFICATE_FIELDS = 4;

/**
 * docs/api/instruments.md: every member reads the instruments and their certificates; managers
 * record certificates.
 */
@ApiTags('instruments')
@ApiSecurity('x-auth-token')
@Controller()
@Roles(ROLE_RULES.results.least)
export class InstrumentsController {
  constructor(private readonly instruments: InstrumentsService) {}

  @Route(endpoints.instruments.list)
  list(@Account() acct: AccountCtx) {
    return this.instruments.list(acct);
  }

  @Route(endpoints.instruments.one)
  one(@Account() acct: AccountCtx, @Param('instrumentId', ParseIdPipe) instrumentId: number) {
    return this.instruments.one(acct, instrumentId);
  }

  @Route(endpoints.instruments.addCertificate)
  @Roles(ROLE_RULES.manageUsers.least)
  @ApiBody({ type: CertificateUploadDto })
  @FileUpload({
    maxBytes: ORIGIN_LIMITS.certificateBytes,
    fields: CERTIFICATE_FIELDS,
    tooLarge: ORIGIN_MSG.pdfTooLarge,
  })
  addCertificate(
    @Account() acct: AccountCtx,
    @Param('instrumentId', ParseIdPipe) instrumentId: number,
    @Body() fields: CertificateFieldsDto,
    @UploadedFile() file?: File,
  ) {
    return this.instruments.addCertificate(acct, instrumentId, fields, file);
  }

  @Route(endpoints.instruments.certificatePdf)
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF itself, not enveloped' })
  async certificatePdf(
    @Account() acct: AccountCtx,
    @Param('instrumentId', ParseIdPipe) instrumentId: number,
    @Param('certificateId', ParseIdPipe) certificateId: number,
  ): Promise<RawReply> {
    const { fileName, pdf } = await this.instruments.certificateFile(acct, instrumentId, certificateId);
    return new RawReply(
      new StreamableFile(pdf, {
        type: 'application/pdf',
        length: pdf.length,
        disposition: attachmentDisposition(fileName),
      }),
    );
  }
}
