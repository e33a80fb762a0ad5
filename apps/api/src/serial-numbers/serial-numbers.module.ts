import { Module } from '@nestjs/common';
import { SerialNumberFinder } from './serial-number-finder';
import { SerialNumbersController } from './serial-numbers.controller';
import { SerialNumbersRepository } from './serial-numbers.repository';
import { SerialNumbersService } from './serial-numbers.service';
import { StageHistory } from './stage-history.repository';

/** Serial numbers and their stages; the runner uses the finder and the stage history. */
@Module({
  controllers: [SerialNumbersController],
  providers: [SerialNumbersService, SerialNumbersRepository, SerialNumberFinder, StageHistory],
  exports: [SerialNumbersRepository, SerialNumberFinder, StageHistory],
})
export class SerialNumbersModule {}
