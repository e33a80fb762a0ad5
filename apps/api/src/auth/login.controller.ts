import { Body, Controller, HttpCode, Res } from '@nestjs/common';
import { endpoints } from '@sweepline/domain';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { SessionUser } from '@sweepline/domain';
import type { AuthContext } from './auth-context';
import { ClientAddress, dropToken, sendToken } from './client';
import { Auth, Public } from './decorators';
import { LoginDto, SessionUserDto } from './dto/identity.dto';
import { LoginService } from './login.service';
import { Route } from '../common/route.decorator';

@ApiTags('identity')
@Controller()
export class LoginController {
  constructor(private readonly service: LoginService) {}

  @Public()
  @Route(endpoints.identity.loginState)
  @ApiOperation({ summary: "The session's user; {email: '', name: '', role: 3} when signed out" })
  @ApiOkResponse({ type: SessionUserDto })
  state(@Auth() auth: AuthContext): SessionUser {
    return this.service.state(auth);
  }

  @Public()
  @Route(endpoints.identity.login)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Signs in (needs a fresh verification); the new session token comes in x-auth-token',
  })
  @ApiOkResponse({ type: SessionUserDto })
  async login(
    @Auth() auth: AuthContext,
    @ClientAddress() address: string,
    @Body() dto: LoginDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SessionUser> {
    const { token, user } = await this.service.login(auth, address, dto);
    sendToken(res, token);
    return user;
  }

  @Public()
  @Route(endpoints.identity.logout)
  @ApiOperation({ summary: 'Ends the session; answers status 1 even without one' })
  async logout(@Auth() auth: AuthContext, @Res({ passthrough: true }) res: Response): Promise<null> {
    await this.service.logout(auth);
    dropToken(res);
    return null;
  }
}
