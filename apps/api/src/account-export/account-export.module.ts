import { Module } from '@nestjs/common';
import { StorageModule } from '../storage/storage.module';
import { AccountExportController } from './account-export.controller';
import { AccountExportService } from './account-export.service';

/** The account export: reads every account table, and the attachments' files through the storage. */
@Module({
  imports: [StorageModule],
  controllers: [AccountExportController],
  providers: [AccountExportService],
})
export class AccountExportModule {}
