import { Body, Controller, HttpCode, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { MSG, endpoints } from '@sweepline/domain';
import type { AuthContext } from '../auth/auth-context';
import { sendToken } from '../auth/client';
import { Auth, Public } from '../auth/decorators';
import type { Challenge } from './altcha';
import { CaptchaService } from './captcha.service';
import { ChallengeDto, VerifyCaptchaDto } from './dto/captcha.dto';
import { Route } from '../common/route.decorator';

@ApiTags('identity')
@Controller()
export class CaptchaController {
  constructor(private readonly captcha: CaptchaService) {}

  @Public()
  @Route(endpoints.identity.challenge)
  @ApiOperation({ summary: 'A signed proof-of-work challenge; it stores nothing and starts no session' })
  @ApiOkResponse({ type: ChallengeDto })
  challenge(): Promise<Challenge> {
    return this.captcha.challenge();
  }

  @Public()
  @Route(endpoints.identity.verifyCaptcha)
  @HttpCode(200)
  @ApiOperation({ summary: "Checks a solved challenge and marks the caller's session verified" })
  async verify(
    @Auth() auth: AuthContext,
    @Body() dto: VerifyCaptchaDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    sendToken(res, await this.captcha.verify(auth, dto.ticket, dto.randstr));
    return MSG.verified;
  }
}
