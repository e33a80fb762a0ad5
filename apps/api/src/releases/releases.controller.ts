import { Body, Controller, HttpCode, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ROLE_RULES, endpoints } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { Account, Roles } from '../auth/decorators';
import { ParseIdPipe } from '../common/id-pipe';
import { Route } from '../common/route.decorator';
import {
  RejectReleaseDto,
  ReleaseDiffDto,
  ReleaseDiffQueryDto,
  ReleaseMarkDto,
  ReleaseNoteDto,
  ReleaseSettingsDto,
  SeqReleaseDto,
  SeqReleasesDto,
  WaitingReleaseDto,
} from './dto/releases.dto';
import { ReleasesService } from './releases.service';

const EDITORS = ROLE_RULES.editTests.least;
const MANAGERS = ROLE_RULES.manageUsers.least;

/**
 * docs/releases.md: every member reads a test's releases and diffs; editors and managers release
 * and roll back; managers approve, reject and set release control.
 */
@ApiTags('releases')
@ApiSecurity('x-auth-token')
@Controller()
@Roles(ROLE_RULES.results.least)
export class ReleasesController {
  constructor(private readonly releases: ReleasesService) {}

  @Route(endpoints.testReleases.list)
  @ApiOkResponse({ type: SeqReleasesDto })
  list(@Account() acct: AccountCtx, @Param('seqId', ParseIdPipe) seqId: number) {
    return this.releases.list(acct, seqId);
  }

  @Route(endpoints.testReleases.marks)
  @ApiOkResponse({ type: [ReleaseMarkDto] })
  marks(@Account() acct: AccountCtx, @Param('productId', ParseIdPipe) productId: number) {
    return this.releases.marks(acct, productId);
  }

  @Route(endpoints.testReleases.release)
  @Roles(EDITORS)
  @ApiOkResponse({ type: SeqReleaseDto })
  release(
    @Account() acct: AccountCtx,
    @Param('seqId', ParseIdPipe) seqId: number,
    @Body() dto: ReleaseNoteDto,
  ) {
    return this.releases.release(acct, seqId, dto);
  }

  @Route(endpoints.testReleases.rollback)
  @Roles(EDITORS)
  @ApiOkResponse({ type: SeqReleaseDto })
  rollback(
    @Account() acct: AccountCtx,
    @Param('seqId', ParseIdPipe) seqId: number,
    @Param('no', ParseIdPipe) no: number,
    @Body() dto: ReleaseNoteDto,
  ) {
    return this.releases.rollback(acct, seqId, no, dto);
  }

  // a decision changes a release, it creates nothing: 200 rather than POST's usual 201
  @Route(endpoints.testReleases.approve)
  @Roles(MANAGERS)
  @HttpCode(200)
  @ApiOkResponse({ type: SeqReleaseDto })
  approve(
    @Account() acct: AccountCtx,
    @Param('seqId', ParseIdPipe) seqId: number,
    @Param('no', ParseIdPipe) no: number,
  ) {
    return this.releases.approve(acct, seqId, no);
  }

  @Route(endpoints.testReleases.reject)
  @Roles(MANAGERS)
  @HttpCode(200)
  @ApiOkResponse({ type: SeqReleaseDto })
  reject(
    @Account() acct: AccountCtx,
    @Param('seqId', ParseIdPipe) seqId: number,
    @Param('no', ParseIdPipe) no: number,
    @Body() dto: RejectReleaseDto,
  ) {
    return this.releases.reject(acct, seqId, no, dto);
  }

  @Route(endpoints.testReleases.diff)
  @ApiOkResponse({ type: ReleaseDiffDto })
  diff(
    @Account() acct: AccountCtx,
    @Param('seqId', ParseIdPipe) seqId: number,
    @Query() query: ReleaseDiffQueryDto,
  ) {
    return this.releases.diff(acct, seqId, query);
  }

  @Route(endpoints.testReleases.waiting)
  @Roles(MANAGERS)
  @ApiOkResponse({ type: [WaitingReleaseDto] })
  waiting(@Account() acct: AccountCtx) {
    return this.releases.waiting(acct);
  }

  @Route(endpoints.testReleases.settings)
  @Roles(MANAGERS)
  @ApiOkResponse({ type: ReleaseSettingsDto })
  settings(@Account() acct: AccountCtx) {
    return this.releases.settings(acct);
  }

  @Route(endpoints.testReleases.saveSettings)
  @Roles(MANAGERS)
  @ApiOkResponse({ type: ReleaseSettingsDto })
  saveSettings(@Account() acct: AccountCtx, @Body() dto: ReleaseSettingsDto) {
    return this.releases.saveSettings(acct, dto);
  }
}
