import { Module } from '@nestjs/common';
import { ReleasesModule } from '../releases/releases.module';
import { RunsModule } from '../runs/runs.module';
import { SerialNumbersModule } from '../serial-numbers/serial-numbers.module';
import { SpcModule } from '../spc/spc.module';
import { RunUploadRepository } from './run-upload.repository';
import { RunUploadService } from './run-upload.service';
import { RunnerController } from './runner.controller';
import { RunnerRepository } from './runner.repository';
import { RunnerService } from './runner.service';

@Module({
  imports: [ReleasesModule, SerialNumbersModule, RunsModule, SpcModule],
  controllers: [RunnerController],
  providers: [RunnerService, RunnerRepository, RunUploadService, RunUploadRepository],
})
export class RunnerModule {}
