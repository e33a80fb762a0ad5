import { Module } from '@nestjs/common';
import { EditorModule } from '../editor/editor.module';
import { EditListService } from './edit-list.service';
import { EDIT_CACHE_BUDGET_BYTES, EditReplyCache } from './edit-reply-cache';
import { ProductsController } from './products.controller';
import { ProductsService } from './products.service';

@Module({
  imports: [EditorModule],
  controllers: [ProductsController],
  providers: [
    ProductsService,
    EditListService,
    { provide: EditReplyCache, useFactory: () => new EditReplyCache(EDIT_CACHE_BUDGET_BYTES) },
  ],
  // the test import (seq-import/) creates and updates products by name as POST /product does
  exports: [ProductsService],
})
export class ProductsModule {}
