import { Module } from '@nestjs/common';
import { EditorModule } from '../editor.module';
import { ProcessControlService } from './process-control.service';
import { SeqCopyService } from './seq-copy.service';
import { SeqPlacement } from './seq-placement';
import { SeqsController } from './seqs.controller';
import { SeqsRepository } from './seqs.repository';
import { SeqsService } from './seqs.service';

@Module({
  imports: [EditorModule],
  controllers: [SeqsController],
  providers: [SeqsService, SeqCopyService, ProcessControlService, SeqPlacement, SeqsRepository],
  exports: [SeqsRepository],
})
export class SeqsModule {}
