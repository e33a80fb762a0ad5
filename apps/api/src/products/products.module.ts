import { Module } from '@nestjs/common';
import { EditorModule } from '../editor/editor.module';
import { ProductsController } from './products.controller';
import { ProductsService } from './products.service';

@Module({ imports: [EditorModule], controllers: [ProductsController], providers: [ProductsService] })
export class ProductsModule {}
