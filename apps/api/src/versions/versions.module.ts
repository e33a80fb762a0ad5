import { Module } from '@nestjs/common';
import { VersionsController } from './versions.controller';

/** GET /version: the command-line runner's release notes. */
@Module({ controllers: [VersionsController] })
export class VersionsModule {}
