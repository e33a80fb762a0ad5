import { Module } from '@nestjs/common';
import { EditorModule } from '../editor.module';
import { StepListsService } from './step-lists.service';
import { StepPlaces } from './step-places';
import { StepsController } from './steps.controller';
import { StepsRepository } from './steps.repository';
import { StepsService } from './steps.service';

@Module({
  imports: [EditorModule],
  controllers: [StepsController],
  providers: [StepsService, StepListsService, StepPlaces, StepsRepository],
})
export class StepsModule {}
