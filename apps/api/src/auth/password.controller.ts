import { Body, Controller, HttpCode } from '@nestjs/common';
import { endpoints } from '@sweepline/domain';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from './auth-context';
import { ClientAddress } from './client';
import { Auth, Public } from './decorators';
import { ChangePassDto, ForgetPassDto, ResetPassDto } from './dto/identity.dto';
import { PasswordService } from './password.service';
import { Route } from '../common/route.decorator';

@ApiTags('identity')
@Controller()
export class PasswordController {
  constructor(private readonly service: PasswordService) {}

  @Public()
  @Route(endpoints.identity.forgetPass)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Mails a set-password link: signed out (needs a fresh verification), or a manager for a user of the account',
  })
  forget(
    @Auth() auth: AuthContext,
    @ClientAddress() address: string,
    @Body() dto: ForgetPassDto,
  ): Promise<void> {
    return this.service.forget(auth, address, dto);
  }

  @Public()
  @Route(endpoints.identity.resetPass)
  @HttpCode(200)
  @ApiOperation({ summary: 'Sets the password from the e-mailed link; activates the user' })
  reset(@Body() dto: ResetPassDto): Promise<void> {
    return this.service.reset(dto);
  }

  @Route(endpoints.identity.changePass)
  @ApiOperation({ summary: "Changes the signed-in user's password; ends their other sessions" })
  change(@Auth() auth: AuthContext, @Body() dto: ChangePassDto): Promise<void> {
    return this.service.change(auth, dto);
  }
}
