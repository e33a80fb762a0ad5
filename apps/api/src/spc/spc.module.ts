import { Module } from '@nestjs/common';
import { ReportsModule } from '../reports/reports.module';
import { SpcAlarmMail } from './spc-alarm-mail';
import { SpcController } from './spc.controller';
import { SpcJudge } from './spc-judge.service';
import { SpcRepository } from './spc.repository';
import { SpcService } from './spc.service';

/**
 * Production SPC (docs/measurements.md, "Frozen limits and alarms"): frozen limits, the alarms,
 * and SpcJudge, which the run upload calls once the run is stored.
 */
@Module({
  imports: [ReportsModule],
  controllers: [SpcController],
  providers: [SpcService, SpcJudge, SpcRepository, SpcAlarmMail],
  exports: [SpcJudge],
})
export class SpcModule {}
