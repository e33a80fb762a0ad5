import { Module } from '@nestjs/common';
import { EditorModule } from '../editor/editor.module';
import { AnalysisController } from './analysis.controller';
import { AnalysisRepository } from './analysis.repository';
import { AnalysisService } from './analysis.service';
import { ReportsController } from './reports.controller';
import { ReportsRepository } from './reports.repository';
import { ReportsService } from './reports.service';
import { SlotCapabilityReader } from './slot-capability';
import { StepSlotsRepository } from './step-slots.repository';
import { StepValueFoldRepository } from './step-value-fold.repository';
import { StepValueFolder } from './step-value-folder';

/**
 * The daily reports, the report pickers' product list (docs/requirements/reports.md) and the
 * measurement analytics (docs/api/reports.md, "Measurement analytics").
 */
@Module({
  imports: [EditorModule],
  controllers: [ReportsController, AnalysisController],
  providers: [
    ReportsService,
    ReportsRepository,
    AnalysisService,
    AnalysisRepository,
    SlotCapabilityReader,
    StepSlotsRepository,
    StepValueFoldRepository,
    StepValueFolder,
  ],
  // production SPC freezes limits from a range's capability figures (spc/spc.service.ts)
  exports: [AnalysisService],
})
export class ReportsModule {}
