import { Body, Controller, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ROLE_RULES, endpoints } from '@sweepline/domain';
import type { Response } from 'express';
import type { AccountCtx, AuthContext } from '../auth/auth-context';
import { Account, Auth, Public, Roles } from '../auth/decorators';
import { WithoutTransaction } from '../database/transaction';
import {
  StationBoardDto,
  StationReportDto,
  StationStreamQueryDto,
  StationStreamTicketDto,
} from './dto/stations.dto';
import { StationStreams } from './station-streams';
import { StationsService } from './stations.service';
import { Route } from '../common/route.decorator';

const STREAM_DESCRIPTION =
  'text/event-stream: `board` (StationBoard) first, then `station` (StationView) on each change and `removed` ({station}) for a station dropped';

/** The runner's report of its station (docs/api/stations.md): every member may run tests. */
@ApiTags('stations')
@ApiSecurity('x-auth-token')
@Controller()
@Roles(ROLE_RULES.runTests.least)
export class StationReportController {
  constructor(private readonly stations: StationsService) {}

  @Route(endpoints.stations.report)
  // one statement, or a transaction of its own when it counts a verdict (StationsService.report)
  @WithoutTransaction()
  @ApiBody({ type: StationReportDto })
  @ApiOkResponse({ description: 'null: kept, and announced to the boards' })
  // checked by the domain's rule (stationReportError), so the body reaches it unshaped
  async report(@Auth() auth: AuthContext, @Account() acct: AccountCtx, @Body() body: unknown): Promise<null> {
    // the operator shown is who signed in, unless an API token (the PC's) made the call
    await this.stations.report(acct, body, auth.apiTokenId !== undefined);
    return null;
  }
}

/** The Stations screen's calls: every role of an account sees its floor. */
@ApiTags('stations')
@ApiSecurity('x-auth-token')
@Controller()
export class StationsController {
  constructor(
    private readonly stations: StationsService,
    private readonly streams: StationStreams,
  ) {}

  @Route(endpoints.stations.board)
  @Roles(ROLE_RULES.results.least)
  @ApiOkResponse({ type: StationBoardDto })
  board(@Account() acct: AccountCtx): Promise<StationBoardDto> {
    return this.stations.board(acct.accountId);
  }

  @Route(endpoints.stations.ticket)
  @Roles(ROLE_RULES.results.least)
  @ApiOkResponse({ type: StationStreamTicketDto })
  ticket(@Account() acct: AccountCtx): Promise<StationStreamTicketDto> {
    return this.stations.issueTicket(acct);
  }

  @Route(endpoints.stations.stream)
  @Public()
  // the ticket is used up on its own statement; a stream holds no transaction open
  @WithoutTransaction()
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: STREAM_DESCRIPTION })
  async stream(@Query() query: StationStreamQueryDto, @Res() res: Response): Promise<void> {
    const caller = await this.stations.followTicket(query.ticket);
    this.streams.open(caller.accountId, res, await this.stations.board(caller.accountId));
  }
}
