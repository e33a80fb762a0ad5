import { Module } from '@nestjs/common';
import { VerificationCodesService } from '../auth/verification-codes.service';
import { SetPasswordMail } from './set-password-mail';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  controllers: [UsersController],
  // VerificationCodesService is stateless (it works through Db), so a copy of its own is harmless
  providers: [UsersService, SetPasswordMail, VerificationCodesService],
})
export class UsersModule {}
