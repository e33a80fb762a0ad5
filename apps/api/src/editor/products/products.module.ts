import { Module } from '@nestjs/common';
import { EditorModule } from '../editor.module';
import { EditListRepository } from './edit-list.repository';
import { EditListService } from './edit-list.service';
import { EDIT_CACHE_BUDGET_BYTES, EditReplyCache } from './edit-reply-cache';
import { ProductsController } from './products.controller';
import { ProductsRepository } from './products.repository';
import { ProductsService } from './products.service';

@Module({
  imports: [EditorModule],
  controllers: [ProductsController],
  providers: [
    ProductsRepository,
    ProductsService,
    EditListRepository,
    EditListService,
    { provide: EditReplyCache, useFactory: () => new EditReplyCache(EDIT_CACHE_BUDGET_BYTES) },
  ],
  // the test import (import/) creates and updates products by name as POST /product does
  exports: [ProductsService, ProductsRepository],
})
export class ProductsModule {}
