import { Module } from '@nestjs/common';
import { VerificationCodesModule } from '../auth/verification-codes.module';
import { RunsModule } from '../runs/runs.module';
import { UsersModule } from '../users/users.module';
import { AccountExportController } from './account-export.controller';
import { AccountExportRepository } from './account-export.repository';
import { AccountExportService } from './account-export.service';
import { ExportLinksService } from './export-links.service';

/** The account export: reads every account table, and the attachments' files through the runs' FileStorage. */
@Module({
  imports: [RunsModule, UsersModule, VerificationCodesModule],
  controllers: [AccountExportController],
  providers: [AccountExportRepository, AccountExportService, ExportLinksService],
})
export class AccountExportModule {}
