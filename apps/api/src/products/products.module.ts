import { Module } from '@nestjs/common';
import { EditorModule } from '../editor/editor.module';
import { EditListService } from './edit-list.service';
import { ProductsController } from './products.controller';
import { ProductsService } from './products.service';

@Module({
  imports: [EditorModule],
  controllers: [ProductsController],
  providers: [ProductsService, EditListService],
})
export class ProductsModule {}
