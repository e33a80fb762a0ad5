import { Module } from '@nestjs/common';
import { SerialNumbersModule } from '../serial-numbers/serial-numbers.module';
import { ContainmentController } from './containment.controller';
import { ContainmentRepository } from './containment.repository';
import { ContainmentService } from './containment.service';

/**
 * Containment (docs/api/instruments.md): the units an instrument, a calibration, a station or an
 * operator measured; the retest moves them through the serial numbers' stage jump (StageVisits).
 */
@Module({
  imports: [SerialNumbersModule],
  controllers: [ContainmentController],
  providers: [ContainmentService, ContainmentRepository],
})
export class ContainmentModule {}
