import { Body, Controller, HttpCode } from '@nestjs/common';
import { endpoints } from '@sweepline/domain';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from './auth-context';
import { ClientAddress } from './client';
import { Auth, Public } from './decorators';
import { ActivateDto, SignupDto } from './dto/identity.dto';
import { SignupService } from './signup.service';
import { Route } from '../common/route.decorator';

@ApiTags('identity')
@Controller()
export class SignupController {
  constructor(private readonly service: SignupService) {}

  @Public()
  @Route(endpoints.identity.signup)
  @HttpCode(200)
  @ApiOperation({
    summary: 'A new account and its manager (needs a fresh verification); mails the activation link',
  })
  signup(@Auth() auth: AuthContext, @ClientAddress() address: string, @Body() dto: SignupDto): Promise<void> {
    return this.service.signup(auth, address, dto);
  }

  @Public()
  @Route(endpoints.identity.activate)
  @HttpCode(200)
  @ApiOperation({ summary: 'Activates the manager and the account from the e-mailed link' })
  activate(@Body() dto: ActivateDto): Promise<void> {
    return this.service.activate(dto);
  }
}
