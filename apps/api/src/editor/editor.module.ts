import { Module } from '@nestjs/common';
import { EditorRepository } from './editor.repository';
import { EditorStore } from './editor-store.repository';
import { EditorService } from './editor.service';
import { SeqImportController } from './import/seq-import.controller';
import { SeqImportService } from './import/seq-import.service';
import { EditListRepository } from './products/edit-list.repository';
import { EditListService } from './products/edit-list.service';
import { EDIT_CACHE_BUDGET_BYTES, EditReplyCache } from './products/edit-reply-cache';
import { ProductsController } from './products/products.controller';
import { ProductsRepository } from './products/products.repository';
import { ProductsService } from './products/products.service';
import { ProcessControlService } from './seqs/process-control.service';
import { SeqCopyService } from './seqs/seq-copy.service';
import { SeqPlacement } from './seqs/seq-placement';
import { SeqsController } from './seqs/seqs.controller';
import { SeqsRepository } from './seqs/seqs.repository';
import { SeqsService } from './seqs/seqs.service';
import { StepListsService } from './steps/step-lists.service';
import { StepPlaces } from './steps/step-places';
import { StepsController } from './steps/steps.controller';
import { StepsRepository } from './steps/steps.repository';
import { StepsService } from './steps/steps.service';

/**
 * The test editor, one bounded context: products, tests (seqs), steps and the test import. Its
 * tables (product, seq, step) are written by EditorStore alone; other features ask EditorService.
 */
@Module({
  controllers: [ProductsController, SeqsController, SeqImportController, StepsController],
  providers: [
    EditorRepository,
    EditorStore,
    EditorService,
    ProductsRepository,
    ProductsService,
    EditListRepository,
    EditListService,
    { provide: EditReplyCache, useFactory: () => new EditReplyCache(EDIT_CACHE_BUDGET_BYTES) },
    SeqsRepository,
    SeqsService,
    SeqCopyService,
    ProcessControlService,
    SeqPlacement,
    StepsRepository,
    StepsService,
    StepListsService,
    StepPlaces,
    SeqImportService,
  ],
  exports: [EditorService],
})
export class EditorModule {}
