import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { SiteInfo } from '@sweepline/domain';
import { Public } from '../auth/decorators';
import { loadSiteConfig } from './site-config';

/** GET /site: the open pages' settings (contact, tutorial videos, runner package); open, like them. */
@ApiTags('download')
@Controller('site')
export class SiteController {
  private readonly info = loadSiteConfig();

  @Get()
  @Public()
  @ApiOkResponse({ description: 'Contact details, tutorial videos, the runner package path' })
  get(): SiteInfo {
    return this.info;
  }
}
