import { Module } from '@nestjs/common';
import { CaptchaController } from './captcha.controller';
import { CaptchaRepository } from './captcha.repository';
import { CaptchaService } from './captcha.service';

@Module({ controllers: [CaptchaController], providers: [CaptchaRepository, CaptchaService] })
export class CaptchaModule {}
