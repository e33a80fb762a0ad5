import { Module } from '@nestjs/common';
import { EditorModule } from '../editor/editor.module';
import { FileStorage } from '../storage/file-storage';
import { AttachmentsRepository } from './attachments.repository';
import { AttachmentsService } from './attachments.service';
import { DatabaseFileStorage } from './database-file-storage';
import { ResultsRepository } from './results.repository';
import { ResultsService } from './results.service';
import { RunsController } from './runs.controller';
import { RunsRepository } from './runs.repository';

/**
 * Results: runs, traces and files. The runner reads a stage's tests through ResultsService and
 * stores files through AttachmentsService (runs themselves: RunUploadRepository); the PDF report
 * reads traces and screenshots through them, and the account export the files' bytes through the
 * FileStorage (storage/file-storage.ts), kept in the attachment rows. The editor gives the test's
 * steps that a run stored without StepPlots has its plots derived from.
 */
@Module({
  imports: [EditorModule],
  controllers: [RunsController],
  providers: [
    RunsRepository,
    ResultsRepository,
    ResultsService,
    AttachmentsRepository,
    AttachmentsService,
    { provide: FileStorage, useClass: DatabaseFileStorage },
  ],
  exports: [ResultsService, AttachmentsService, FileStorage],
})
export class RunsModule {}
