import { Module } from '@nestjs/common';
import { VerificationCodesRepository } from '../auth/verification-codes.repository';
import { VerificationCodesService } from '../auth/verification-codes.service';
import { StationCleanup } from './station-cleanup';
import { StationListener } from './station-listener';
import { StationStreams } from './station-streams';
import { StationReportController, StationsController } from './stations.controller';
import { StationsRepository } from './stations.repository';
import { StationsService } from './stations.service';

/** The live floor (issue 25): runners' reports, the boards' calls and event streams. */
@Module({
  controllers: [StationReportController, StationsController],
  // the codes' parts are stateless (they work through Db), as in AccountExportModule
  providers: [
    StationsService,
    StationsRepository,
    StationStreams,
    StationListener,
    StationCleanup,
    VerificationCodesRepository,
    VerificationCodesService,
  ],
})
export class StationsModule {}
