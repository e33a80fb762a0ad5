import { Module } from '@nestjs/common';
import { EditorModule } from '../editor/editor.module';
import { RunsModule } from '../runs/runs.module';
import { SerialNumbersModule } from '../serial-numbers/serial-numbers.module';
import { RunUploadRepository } from './run-upload.repository';
import { RunUploadService } from './run-upload.service';
import { RunnerController } from './runner.controller';
import { RunnerRepository } from './runner.repository';
import { RunnerService } from './runner.service';

@Module({
  imports: [EditorModule, SerialNumbersModule, RunsModule],
  controllers: [RunnerController],
  providers: [RunnerService, RunnerRepository, RunUploadService, RunUploadRepository],
})
export class RunnerModule {}
