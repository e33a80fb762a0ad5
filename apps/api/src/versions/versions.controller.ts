import { Controller } from '@nestjs/common';
import { endpoints } from '@sweepline/domain';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/decorators';
import type { Release } from '@sweepline/domain';
import { RELEASES } from './releases';
import { Route } from '../common/route.decorator';

export class ReleaseDto implements Release {
  @ApiProperty({ description: 'Version, like 0.1.0' }) no!: string;
  @ApiProperty({ description: "'YYYY-MM-DD'" }) date!: string;
  @ApiProperty({ type: [String] }) notes!: string[];
}

/** docs/requirements/download-and-site.md#download-page: the Download page's release notes; open, like the page. */
@ApiTags('download')
@Controller()
export class VersionsController {
  @Route(endpoints.releases.list)
  @Public()
  @ApiOkResponse({ type: [ReleaseDto], description: 'Newest first' })
  list(): readonly Release[] {
    return RELEASES;
  }
}
