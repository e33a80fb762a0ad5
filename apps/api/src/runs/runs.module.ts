import { Module } from '@nestjs/common';
import { StorageModule } from '../storage/storage.module';
import { AttachmentsRepository } from './attachments.repository';
import { AttachmentsService } from './attachments.service';
import { ResultsRepository } from './results.repository';
import { ResultsService } from './results.service';
import { RunsController } from './runs.controller';
import { RunsRepository } from './runs.repository';

/**
 * Results: runs, traces and files. The runner reads a stage's tests through ResultsService and
 * stores files through AttachmentsService (runs themselves: RunUploadRepository); the PDF report
 * reads traces and screenshots through them.
 */
@Module({
  imports: [StorageModule],
  controllers: [RunsController],
  providers: [RunsRepository, ResultsRepository, ResultsService, AttachmentsRepository, AttachmentsService],
  exports: [ResultsService, AttachmentsService],
})
export class RunsModule {}
