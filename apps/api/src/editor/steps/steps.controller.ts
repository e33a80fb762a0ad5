import { Body, Controller, Param } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ROLE_RULES, Seq, endpoints } from '@sweepline/domain';
import type { AccountCtx } from '../../auth/auth-context';
import { Account, Roles } from '../../auth/decorators';
import {
  AddStepDto,
  CopyStepsDto,
  DeleteStepsDto,
  StepDialogDto,
  StepOrderDto,
  StepParamDto,
} from './dto/step.dto';
import { StepListsService } from './step-lists.service';
import { StepsService } from './steps.service';
import { ParseIdPipe } from '../../common/id-pipe';
import { Route } from '../../common/route.decorator';

/** docs/requirements/test-editor.md#calls: the step calls; each answers the updated test. Editors only. */
@ApiTags('test editor')
@ApiSecurity('x-auth-token')
@Controller()
@Roles(ROLE_RULES.editTests.least)
export class StepsController {
  constructor(
    private readonly service: StepsService,
    private readonly lists: StepListsService,
  ) {}

  @Route(endpoints.editor.addStep)
  add(@Account() acct: AccountCtx, @Body() dto: AddStepDto): Promise<Seq> {
    return this.service.add(acct, dto);
  }

  @Route(endpoints.editor.saveParam)
  saveParam(@Account() acct: AccountCtx, @Param('id', ParseIdPipe) id: number, @Body() dto: StepParamDto) {
    return this.service.saveParam(acct, id, dto);
  }

  @Route(endpoints.editor.editStep)
  edit(@Account() acct: AccountCtx, @Param('id', ParseIdPipe) id: number, @Body() dto: StepDialogDto) {
    return this.service.edit(acct, id, dto);
  }

  @Route(endpoints.editor.copySteps)
  copy(@Account() acct: AccountCtx, @Body() dto: CopyStepsDto): Promise<Seq> {
    return this.lists.copy(acct, dto);
  }

  @Route(endpoints.editor.orderSteps)
  reorder(
    @Account() acct: AccountCtx,
    @Param('seqId', ParseIdPipe) seqId: number,
    @Body() dto: StepOrderDto,
  ) {
    return this.lists.reorder(acct, seqId, dto);
  }

  @Route(endpoints.editor.deleteSteps)
  remove(@Account() acct: AccountCtx, @Body() dto: DeleteStepsDto): Promise<Seq> {
    return this.lists.remove(acct, dto);
  }
}
