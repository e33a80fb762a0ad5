import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from './auth-context';
import { ClientAddress } from './client';
import { Auth, Public } from './decorators';
import { ActivateDto, SignupDto } from './dto/identity.dto';
import { SignupService } from './signup.service';

@ApiTags('identity')
@Controller('user')
export class SignupController {
  constructor(private readonly service: SignupService) {}

  @Public()
  @Post('signup')
  @HttpCode(200)
  @ApiOperation({
    summary: 'A new account and its manager (needs a fresh verification); mails the activation link',
  })
  signup(@Auth() auth: AuthContext, @ClientAddress() address: string, @Body() dto: SignupDto): Promise<void> {
    return this.service.signup(auth, address, dto);
  }

  @Public()
  @Post('activate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Activates the manager and the account from the e-mailed link' })
  activate(@Body() dto: ActivateDto): Promise<void> {
    return this.service.activate(dto);
  }
}
