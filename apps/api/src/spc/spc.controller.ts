import { Body, Controller, HttpCode, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { endpoints, ROLE_RULES } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { Account, Roles } from '../auth/decorators';
import { ParseIdPipe } from '../common/id-pipe';
import { Route } from '../common/route.decorator';
import {
  AcknowledgeAlarmDto,
  FreezeLimitsDto,
  FrozenLimitsAnswerDto,
  FrozenLimitsDto,
  FrozenLimitsQueryDto,
  RunSpcNoticeDto,
  SpcAlarmDto,
  SpcAlarmPageDto,
  SpcAlarmsQueryDto,
  SpcSubscriptionDto,
} from './dto/spc.dto';
import { SpcService } from './spc.service';

/**
 * docs/api/spc.md. Every member who reads reports reads limits and alarms, acknowledges an alarm
 * (the operator at the station is often the one who finds the cause; the note and the name are
 * kept) and subscribes to a product's alarm mail; editors and managers freeze limits, as they
 * edit the test's limits.
 */
@ApiTags('spc')
@ApiSecurity('x-auth-token')
@Controller()
@Roles(ROLE_RULES.results.least)
export class SpcController {
  constructor(private readonly spc: SpcService) {}

  @Route(endpoints.spc.freeze)
  @Roles(ROLE_RULES.editTests.least)
  @ApiOkResponse({ type: FrozenLimitsDto })
  freeze(@Account() acct: AccountCtx, @Body() body: FreezeLimitsDto) {
    return this.spc.freeze(acct, body);
  }

  @Route(endpoints.spc.limits)
  @ApiOkResponse({ type: FrozenLimitsAnswerDto })
  limits(@Account() acct: AccountCtx, @Query() query: FrozenLimitsQueryDto) {
    return this.spc.limits(acct, query);
  }

  @Route(endpoints.spc.alarms)
  @ApiOkResponse({ type: SpcAlarmPageDto })
  alarms(@Account() acct: AccountCtx, @Query() query: SpcAlarmsQueryDto) {
    return this.spc.alarms(acct, query);
  }

  // an acknowledgement changes the alarm, it creates nothing: 200 rather than POST's usual 201
  @Route(endpoints.spc.acknowledge)
  @HttpCode(200)
  @ApiOkResponse({ type: SpcAlarmDto })
  acknowledge(
    @Account() acct: AccountCtx,
    @Param('alarmId', ParseIdPipe) alarmId: number,
    @Body() body: AcknowledgeAlarmDto,
  ) {
    return this.spc.acknowledge(acct, alarmId, body.note);
  }

  @Route(endpoints.spc.subscription)
  @ApiOkResponse({ type: SpcSubscriptionDto })
  subscription(@Account() acct: AccountCtx, @Param('productId', ParseIdPipe) productId: number) {
    return this.spc.subscription(acct, productId);
  }

  @Route(endpoints.spc.subscribe)
  @ApiOkResponse({ type: SpcSubscriptionDto })
  subscribe(@Account() acct: AccountCtx, @Param('productId', ParseIdPipe) productId: number) {
    return this.spc.subscribe(acct, productId, true);
  }

  @Route(endpoints.spc.unsubscribe)
  @ApiOkResponse({ type: SpcSubscriptionDto })
  unsubscribe(@Account() acct: AccountCtx, @Param('productId', ParseIdPipe) productId: number) {
    return this.spc.subscribe(acct, productId, false);
  }

  @Route(endpoints.spc.runNotices)
  @Roles(ROLE_RULES.runTests.least)
  @ApiOkResponse({ type: [RunSpcNoticeDto] })
  runNotices(@Account() acct: AccountCtx, @Param('id', ParseIdPipe) runId: number) {
    return this.spc.runNotices(acct, runId);
  }
}
