import { Controller, Query } from '@nestjs/common';
import { ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ROLE_RULES, endpoints } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { Account, Roles } from '../auth/decorators';
import { AnalysisService } from './analysis.service';
import {
  CapabilityReportDto,
  ControlChartQueryDto,
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
import { Route } from '../common/route.decorator';

/** docs/api/reports.md, "Measurement analytics": read by every member of an account. */
@ApiTags('reports')
@ApiSecurity('x-auth-token')
@Controller()
@Roles(ROLE_RULES.results.least)
export class AnalysisController {
  constructor(private readonly service: AnalysisService) {}

  @Route(endpoints.analysis.steps)
  @ApiOkResponse({ type: [MeasuredStepDto] })
  steps(@Account() acct: AccountCtx, @Query() query: MeasuredStepsQueryDto) {
    return this.service.measuredSteps(acct, query);
  }

  @Route(endpoints.analysis.capability)
  @ApiOkResponse({ type: CapabilityReportDto })
  capability(@Account() acct: AccountCtx, @Query() query: StepAnalysisQueryDto) {
    return this.service.capability(acct, query);
  }

  @Route(endpoints.analysis.control)
  @ApiOkResponse({ type: ControlChartReportDto })
  control(@Account() acct: AccountCtx, @Query() query: ControlChartQueryDto) {
    return this.service.controlChart(acct, query);
  }

  @Route(endpoints.analysis.failures)
  @ApiOkResponse({ type: FailureParetoReportDto })
  failures(@Account() acct: AccountCtx, @Query() query: FailureQueryDto) {
    return this.service.failures(acct, query);
  }

  @Route(endpoints.analysis.failedRuns)
  @ApiOkResponse({ type: [FailedRunDto] })
  failedRuns(@Account() acct: AccountCtx, @Query() query: FailedRunsQueryDto) {
    return this.service.failedRuns(acct, query);
  }

  @Route(endpoints.analysis.traceBand)
  @ApiOkResponse({ type: TraceBandReportDto })
  traceBand(@Account() acct: AccountCtx, @Query() query: TraceBandQueryDto) {
    return this.service.traceBand(acct, query);
  }
}
