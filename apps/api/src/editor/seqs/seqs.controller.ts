import { Body, Controller, Delete, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Product, ROLE_RULES, Seq } from '@sweepline/domain';
import type { AccountCtx } from '../../auth/auth-context';
import { Account, Roles } from '../../auth/decorators';
import { CopySeqDto, CreateSeqDto, ProcessControlDto, RenameSeqDto, SaveCalsDto } from './dto/seq.dto';
import { ProcessControlService } from './process-control.service';
import { SeqCopyService } from './seq-copy.service';
import { SeqsService } from './seqs.service';
import { ParseIdPipe } from '../../common/id-pipe';

/** spec 1 section 7: the editor's test calls; all of them change tests, so editors only. */
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

  @Post('seq')
  create(@Account() acct: AccountCtx, @Body() dto: CreateSeqDto): Promise<Seq> {
    return this.service.create(acct, dto);
  }

  @Put('seq/name/:id')
  rename(@Account() acct: AccountCtx, @Param('id', ParseIdPipe) id: number, @Body() dto: RenameSeqDto) {
    return this.service.rename(acct, id, dto);
  }

  @Delete('seq/:id')
  remove(@Account() acct: AccountCtx, @Param('id', ParseIdPipe) id: number): Promise<null> {
    return this.service.remove(acct, id);
  }

  @Post('seq/copy')
  copy(@Account() acct: AccountCtx, @Body() dto: CopySeqDto): Promise<Seq> {
    return this.copies.copy(acct, dto);
  }

  @Put('product/process_control/:productId')
  numbers(
    @Account() acct: AccountCtx,
    @Param('productId', ParseIdPipe) productId: number,
    @Body() dto: ProcessControlDto,
  ): Promise<Product> {
    return this.processControl.apply(acct, productId, dto);
  }

  // saving a list replaces it: nothing is created, so 200 rather than POST's usual 201
  @Post('seq/cals/:seqId')
  @HttpCode(200)
  saveCals(
    @Account() acct: AccountCtx,
    @Param('seqId', ParseIdPipe) seqId: number,
    @Body() dto: SaveCalsDto,
  ) {
    return this.service.saveCals(acct, seqId, dto);
  }
}
