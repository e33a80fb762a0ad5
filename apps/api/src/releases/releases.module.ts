import { Module } from '@nestjs/common';
import { EditorModule } from '../editor/editor.module';
import { ReleasesController } from './releases.controller';
import { ReleasesRepository } from './releases.repository';
import { ReleasesService } from './releases.service';

/** Releases of tests (docs/releases.md); the runner asks ReleasesService which release runs. */
@Module({
  imports: [EditorModule],
  controllers: [ReleasesController],
  providers: [ReleasesService, ReleasesRepository],
  exports: [ReleasesService],
})
export class ReleasesModule {}
