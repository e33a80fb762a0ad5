import { Module } from '@nestjs/common';
import { RunsModule } from '../runs/runs.module';
import { StorageModule } from '../storage/storage.module';
import { ReportPdfController } from './report-pdf.controller';
import { ReportPdfRepository } from './report-pdf.repository';
import { ReportPdfService } from './report-pdf.service';

/** The PDF report of a run: reads runs, traces and screenshots through RunsModule and StorageModule. */
@Module({
  imports: [RunsModule, StorageModule],
  controllers: [ReportPdfController],
  providers: [ReportPdfRepository, ReportPdfService],
})
export class ReportPdfModule {}
