import { Module } from '@nestjs/common';
import { SerialNumberFinder } from './serial-number-finder';
import { SerialNumbersController } from './serial-numbers.controller';
import { SerialNumbersRepository } from './serial-numbers.repository';
import { SerialNumbersService } from './serial-numbers.service';
import { StageHistory } from './stage-history.repository';
import { StageVisits } from './stage-visits.service';

/** Serial numbers and their stages; the runner finds them (the finder) and moves them (StageVisits). */
@Module({
  controllers: [SerialNumbersController],
  providers: [SerialNumbersService, SerialNumbersRepository, SerialNumberFinder, StageHistory, StageVisits],
  exports: [SerialNumberFinder, StageVisits],
})
export class SerialNumbersModule {}
