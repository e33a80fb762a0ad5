import { Module } from '@nestjs/common';
import { AccountsRepository } from '../accounts/accounts.repository';
import { VerificationCodesRepository } from '../auth/verification-codes.repository';
import { VerificationCodesService } from '../auth/verification-codes.service';
import { SetPasswordMail } from './set-password-mail';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  controllers: [UsersController],
  // the accounts and codes parts are stateless, so copies of their own are harmless
  providers: [
    UsersRepository,
    UsersService,
    SetPasswordMail,
    AccountsRepository,
    VerificationCodesRepository,
    VerificationCodesService,
  ],
})
export class UsersModule {}
