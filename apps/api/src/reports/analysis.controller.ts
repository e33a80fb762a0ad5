import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Role } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { Account, Roles } from '../auth/decorators';
import { AnalysisService } from './analysis.service';
import {
  CapabilityReportDto,
  ControlChartReportDto,
  FailedRunDto,
  FailedRunsQueryDto,
  FailureParetoReportDto,
  FailureQueryDto,
  MeasuredStepDto,
  MeasuredStepsQueryDto,
  StepAnalysisQueryDto,
  TraceBandQueryDto,
  TraceBandReportDto,
} from './dto/analysis.dto';

/** docs/api/reports.md, "Measurement analytics": read by every member of an account. */
@ApiTags('reports')
@ApiSecurity('x-auth-token')
@Controller('report')
@Roles(Role.Operator)
export class AnalysisController {
  constructor(private readonly service: AnalysisService) {}

  @Get('steps')
  @ApiOkResponse({ type: [MeasuredStepDto] })
  steps(@Account() acct: AccountCtx, @Query() query: MeasuredStepsQueryDto) {
    return this.service.measuredSteps(acct, query);
  }

  @Get('capability')
  @ApiOkResponse({ type: CapabilityReportDto })
  capability(@Account() acct: AccountCtx, @Query() query: StepAnalysisQueryDto) {
    return this.service.capability(acct, query);
  }

  @Get('control')
  @ApiOkResponse({ type: ControlChartReportDto })
  control(@Account() acct: AccountCtx, @Query() query: StepAnalysisQueryDto) {
    return this.service.controlChart(acct, query);
  }

  @Get('failures')
  @ApiOkResponse({ type: FailureParetoReportDto })
  failures(@Account() acct: AccountCtx, @Query() query: FailureQueryDto) {
    return this.service.failures(acct, query);
  }

  @Get('failures/runs')
  @ApiOkResponse({ type: [FailedRunDto] })
  failedRuns(@Account() acct: AccountCtx, @Query() query: FailedRunsQueryDto) {
    return this.service.failedRuns(acct, query);
  }

  @Get('trace_band')
  @ApiOkResponse({ type: TraceBandReportDto })
  traceBand(@Account() acct: AccountCtx, @Query() query: TraceBandQueryDto) {
    return this.service.traceBand(acct, query);
  }
}
