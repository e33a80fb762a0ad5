import { Module } from '@nestjs/common';
import { VerificationCodesService } from '../auth/verification-codes.service';
import { StorageModule } from '../storage/storage.module';
import { AccountExportController } from './account-export.controller';
import { AccountExportService } from './account-export.service';
import { ExportLinksService } from './export-links.service';

/** The account export: reads every account table, and the attachments' files through the storage. */
@Module({
  imports: [StorageModule],
  controllers: [AccountExportController],
  // VerificationCodesService is stateless (it works through Db), as in UsersModule
  providers: [AccountExportService, ExportLinksService, VerificationCodesService],
})
export class AccountExportModule {}
