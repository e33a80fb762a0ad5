import { Module } from '@nestjs/common';
import { VerificationCodesRepository } from '../auth/verification-codes.repository';
import { VerificationCodesService } from '../auth/verification-codes.service';
import { StorageModule } from '../storage/storage.module';
import { AccountExportController } from './account-export.controller';
import { AccountExportService } from './account-export.service';
import { ExportLinksService } from './export-links.service';

/** The account export: reads every account table, and the attachments' files through the storage. */
@Module({
  imports: [StorageModule],
  controllers: [AccountExportController],
  // VerificationCodesService and its repository are stateless, as in UsersModule
  providers: [
    AccountExportService,
    ExportLinksService,
    VerificationCodesRepository,
    VerificationCodesService,
  ],
})
export class AccountExportModule {}
