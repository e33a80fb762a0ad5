import { Module } from '@nestjs/common';
import { VerificationCodesRepository } from '../auth/verification-codes.repository';
import { VerificationCodesService } from '../auth/verification-codes.service';
import { StorageModule } from '../storage/storage.module';
import { UsersRepository } from '../users/users.repository';
import { AccountExportController } from './account-export.controller';
import { AccountExportRepository } from './account-export.repository';
import { AccountExportService } from './account-export.service';
import { ExportLinksService } from './export-links.service';

/** The account export: reads every account table, and the attachments' files through the storage. */
@Module({
  imports: [StorageModule],
  controllers: [AccountExportController],
  // the codes and users parts are stateless, so copies of their own are harmless
  providers: [
    AccountExportRepository,
    AccountExportService,
    ExportLinksService,
    VerificationCodesRepository,
    VerificationCodesService,
    UsersRepository,
  ],
})
export class AccountExportModule {}
