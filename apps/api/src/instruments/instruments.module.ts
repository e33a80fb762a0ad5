import { Module } from '@nestjs/common';
import { InstrumentsController } from './instruments.controller';
import { InstrumentsRepository } from './instruments.repository';
import { InstrumentsService } from './instruments.service';

/**
 * Instruments and their calibration certificates (docs/api/instruments.md). The run upload
 * registers instruments; this module lists them and records their certificates.
 */
@Module({
  controllers: [InstrumentsController],
  providers: [InstrumentsService, InstrumentsRepository],
})
export class InstrumentsModule {}
