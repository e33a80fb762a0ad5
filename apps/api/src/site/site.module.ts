import { Module } from '@nestjs/common';
import { SiteController } from './site.controller';

/** GET /site: settings of the open pages, from the environment. */
@Module({ controllers: [SiteController] })
export class SiteModule {}
