import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Product, Role } from '@sweepline/domain';
import type { AccountCtx } from '../auth/auth-context';
import { Account, Roles } from '../auth/decorators';
import { ParseIdPipe } from '../editor/ids';
import { ProductBodyDto } from './dto/product.dto';
import { ProductsService } from './products.service';

/** spec 1 section 7: the editor's product calls. Reading is for every member, writing for editors. */
@ApiTags('test editor')
@ApiSecurity('x-auth-token')
@Controller()
export class ProductsController {
  constructor(private readonly service: ProductsService) {}

  @Get('user/edit')
  list(@Account() acct: AccountCtx): Promise<Product[]> {
    return this.service.list(acct);
  }

  @Post('product')
  @Roles(Role.Editor)
  create(@Account() acct: AccountCtx, @Body() dto: ProductBodyDto): Promise<Product> {
    return this.service.create(acct, dto);
  }

  @Put('product/:id')
  @Roles(Role.Editor)
  update(@Account() acct: AccountCtx, @Param('id', ParseIdPipe) id: number, @Body() dto: ProductBodyDto) {
    return this.service.update(acct, id, dto);
  }

  @Delete('product/:id')
  @Roles(Role.Editor)
  remove(@Account() acct: AccountCtx, @Param('id', ParseIdPipe) id: number): Promise<null> {
    return this.service.remove(acct, id);
  }
}
