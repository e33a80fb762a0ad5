import { Module } from '@nestjs/common';
import {
  InstrumentCheckController,
  InstrumentSettingsController,
  RunOriginController,
} from './run-origin.controller';
import { RunOriginRepository } from './run-origin.repository';
import { RunOriginService } from './run-origin.service';

/**
 * What measured a run (docs/traceability.md): its origin report, the runner's check of its
 * instruments and the account's setting for overdue ones. The run upload records origins
 * (RunUploadRepository).
 */
@Module({
  controllers: [RunOriginController, InstrumentCheckController, InstrumentSettingsController],
  providers: [RunOriginService, RunOriginRepository],
  exports: [RunOriginService],
})
export class RunOriginModule {}
