import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Inject } from '@nestjs/common';
import { endpoints } from '@sweepline/domain';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { SiteInfo } from '@sweepline/domain';
import { Public } from '../auth/decorators';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { loadSiteConfig } from './site-config';
import { Route } from '../common/route.decorator';

/** GET /site: the open pages' settings (contact, tutorial videos, runner package); open, like them. */
@ApiTags('download')
@Controller()
export class SiteController {
  private readonly info = loadSiteConfig();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Route(endpoints.site.info)
  @Public()
  @ApiOkResponse({
    description: 'Contact details, tutorial videos, the runner package and whether it exists',
  })
  get(): SiteInfo {
    // asked on every call: the package may be packed (npm start) or removed while the API runs
    const runnerPackageAvailable = existsSync(join(this.config.webDistDir, this.info.runnerPackagePath));
    return { ...this.info, runnerPackageAvailable };
  }
}
