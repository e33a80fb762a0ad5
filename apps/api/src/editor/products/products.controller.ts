import { Body, Controller, Param, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Product, ROLE_RULES, endpoints } from '@sweepline/domain';
import type { AccountCtx } from '../../auth/auth-context';
import { Account, Roles } from '../../auth/decorators';
import { RawReply } from '../../common/envelope';
import { WithoutTransaction } from '../../database/transaction';
import { ProductBodyDto } from './dto/product.dto';
import { EditListService } from './edit-list.service';
import { ProductsService } from './products.service';
import { ParseIdPipe } from '../../common/id-pipe';
import { Route } from '../../common/route.decorator';

/** docs/requirements/products.md#calls: the editor's product calls. Reading is for every member, writing for editors. */
@ApiTags('test editor')
@ApiSecurity('x-auth-token')
@Controller()
export class ProductsController {
  constructor(
    private readonly service: ProductsService,
    private readonly editList: EditListService,
  ) {}

  // two statements that each read one snapshot: no transaction needed (docs/performance.md, "API")
  @Route(endpoints.editor.load)
  @WithoutTransaction()
  @ApiOkResponse({
    description:
      'The products with their tests; an ETag, and 304 without a body for a matching If-None-Match',
  })
  list(
    @Account() acct: AccountCtx,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RawReply> {
    return this.editList.reply(acct, req, res);
  }

  @Route(endpoints.editor.addProduct)
  @Roles(ROLE_RULES.editTests.least)
  create(@Account() acct: AccountCtx, @Body() dto: ProductBodyDto): Promise<Product> {
    return this.service.create(acct, dto);
  }

  @Route(endpoints.editor.editProduct)
  @Roles(ROLE_RULES.editTests.least)
  update(@Account() acct: AccountCtx, @Param('id', ParseIdPipe) id: number, @Body() dto: ProductBodyDto) {
    return this.service.update(acct, id, dto);
  }

  @Route(endpoints.editor.deleteProduct)
  @Roles(ROLE_RULES.editTests.least)
  remove(@Account() acct: AccountCtx, @Param('id', ParseIdPipe) id: number): Promise<null> {
    return this.service.remove(acct, id);
  }
}
