import { Module } from '@nestjs/common';
import { VerificationCodesModule } from '../auth/verification-codes.module';
import { StationChannelRepository } from './station-channel.repository';
import { StationCleanup } from './station-cleanup';
import { StationListener } from './station-listener';
import { StationStreams } from './station-streams';
import { StationReportController, StationsController } from './stations.controller';
import { StationsRepository } from './stations.repository';
import { StationsService } from './stations.service';

/** The live floor (issue 25): runners' reports, the boards' calls and event streams. */
@Module({
  controllers: [StationReportController, StationsController],
  imports: [VerificationCodesModule],
  providers: [
    StationsService,
    StationsRepository,
    StationChannelRepository,
    StationStreams,
    StationListener,
    StationCleanup,
  ],
})
export class StationsModule {}
