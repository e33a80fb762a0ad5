import { Module } from '@nestjs/common';
import { EditorModule } from '../editor.module';
import { ProductsModule } from '../products/products.module';
import { SeqsModule } from '../seqs/seqs.module';
import { SeqImportController } from './seq-import.controller';
import { SeqImportService } from './seq-import.service';

@Module({
  imports: [EditorModule, ProductsModule, SeqsModule],
  controllers: [SeqImportController],
  providers: [SeqImportService],
})
export class SeqImportModule {}
