import { Body, Controller, Query } from '@nestjs/common';
import { ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ROLE_RULES, endpoints } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { Account, Roles } from '../auth/decorators';
import {
  AddedSerialNumbersDto,
  JumpedSerialNumbersDto,
  JumpToStageDto,
  SerialNumbersDto,
  SnHistoryQueryDto,
  SnProductDto,
  SnStageHistoryDto,
  SnUnitDto,
  SnUnitsQueryDto,
} from './dto/serial-numbers.dto';
import { SerialNumbersService } from './serial-numbers.service';
import { Route } from '../common/route.decorator';

/** docs/requirements/serial-numbers.md#calls: the Serial Number screen. docs/requirements/roles.md: operators manage serial numbers. */
@ApiTags('serial numbers')
@ApiSecurity('x-auth-token')
@Controller()
@Roles(ROLE_RULES.serialNumbers.least)
export class SerialNumbersController {
  constructor(private readonly service: SerialNumbersService) {}

  @Route(endpoints.serialNumbers.products)
  @ApiOkResponse({ type: [SnProductDto] })
  list(@Account() acct: AccountCtx) {
    return this.service.list(acct);
  }

  @Route(endpoints.serialNumbers.history)
  @ApiOkResponse({ type: SnStageHistoryDto, description: 'Ours: the stage visits of a serial number' })
  history(@Account() acct: AccountCtx, @Query() query: SnHistoryQueryDto) {
    return this.service.stageHistory(acct, Number(query.product_id), query.sn);
  }

  @Route(endpoints.serialNumbers.units)
  @ApiOkResponse({
    type: [SnUnitDto],
    description: 'Ours: the serial numbers with their stage and latest result',
  })
  units(@Account() acct: AccountCtx, @Query() query: SnUnitsQueryDto) {
    return this.service.units(acct, Number(query.product_id));
  }

  @Route(endpoints.serialNumbers.add)
  @ApiOkResponse({ type: AddedSerialNumbersDto })
  add(@Account() acct: AccountCtx, @Body() dto: SerialNumbersDto) {
    return this.service.add(acct, dto);
  }

  @Route(endpoints.serialNumbers.remove)
  remove(@Account() acct: AccountCtx, @Body() dto: SerialNumbersDto) {
    return this.service.remove(acct, dto);
  }

  @Route(endpoints.serialNumbers.jump)
  @ApiOkResponse({
    type: JumpedSerialNumbersDto,
    description: "msg: 'Serial numbers jumped to stage successfully'",
  })
  jump(@Account() acct: AccountCtx, @Body() dto: JumpToStageDto) {
    return this.service.jump(acct, dto);
  }
}
