import { Module } from '@nestjs/common';
import { VerificationCodesRepository } from './verification-codes.repository';
import { VerificationCodesService } from './verification-codes.service';

/** The codes of e-mailed links, export links and stream tickets, for every feature that issues one. */
@Module({
  providers: [VerificationCodesRepository, VerificationCodesService],
  exports: [VerificationCodesService],
})
export class VerificationCodesModule {}
