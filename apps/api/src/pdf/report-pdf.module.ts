import { Module } from '@nestjs/common';
import { RunsModule } from '../runs/runs.module';
import { ReportPdfController } from './report-pdf.controller';
import { ReportPdfRepository } from './report-pdf.repository';
import { ReportPdfService } from './report-pdf.service';

/** The PDF report of a run: reads runs, traces and screenshots through RunsModule. */
@Module({
  imports: [RunsModule],
  controllers: [ReportPdfController],
  providers: [ReportPdfRepository, ReportPdfService],
})
export class ReportPdfModule {}
