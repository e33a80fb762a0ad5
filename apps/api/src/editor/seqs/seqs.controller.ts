import { Body, Controller, HttpCode, Param } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Product, ROLE_RULES, Seq, endpoints } from '@sweepline/domain';
import type { AccountCtx } from '../../auth/auth-context';
import { Account, Roles } from '../../auth/decorators';
import { CopySeqDto, CreateSeqDto, ProcessControlDto, RenameSeqDto, SaveCalsDto } from './dto/seq.dto';
import { ProcessControlService } from './process-control.service';
import { SeqCopyService } from './seq-copy.service';
import { SeqsService } from './seqs.service';
import { ParseIdPipe } from '../../common/id-pipe';
import { Route } from '../../common/route.decorator';

/** docs/requirements/test-editor.md#calls: the editor's test calls; all of them change tests, so editors only. */
@ApiTags('test editor')
@ApiSecurity('x-auth-token')
@Controller()
@Roles(ROLE_RULES.editTests.least)
export class SeqsController {
  constructor(
    private readonly service: SeqsService,
    private readonly copies: SeqCopyService,
    private readonly processControl: ProcessControlService,
  ) {}

  @Route(endpoints.editor.addSeq)
  create(@Account() acct: AccountCtx, @Body() dto: CreateSeqDto): Promise<Seq> {
    return this.service.create(acct, dto);
  }

  @Route(endpoints.editor.renameSeq)
  rename(@Account() acct: AccountCtx, @Param('id', ParseIdPipe) id: number, @Body() dto: RenameSeqDto) {
    return this.service.rename(acct, id, dto);
  }

  @Route(endpoints.editor.deleteSeq)
  remove(@Account() acct: AccountCtx, @Param('id', ParseIdPipe) id: number): Promise<null> {
    return this.service.remove(acct, id);
  }

  @Route(endpoints.editor.copySeq)
  copy(@Account() acct: AccountCtx, @Body() dto: CopySeqDto): Promise<Seq> {
    return this.copies.copy(acct, dto);
  }

  @Route(endpoints.editor.processControl)
  numbers(
    @Account() acct: AccountCtx,
    @Param('productId', ParseIdPipe) productId: number,
    @Body() dto: ProcessControlDto,
  ): Promise<Product> {
    return this.processControl.apply(acct, productId, dto);
  }

  // saving a list replaces it: nothing is created, so 200 rather than POST's usual 201
  @Route(endpoints.editor.saveCals)
  @HttpCode(200)
  saveCals(
    @Account() acct: AccountCtx,
    @Param('seqId', ParseIdPipe) seqId: number,
    @Body() dto: SaveCalsDto,
  ) {
    return this.service.saveCals(acct, seqId, dto);
  }
}
