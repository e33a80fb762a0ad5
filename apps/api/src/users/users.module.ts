import { Module } from '@nestjs/common';
import { VerificationCodesModule } from '../auth/verification-codes.module';
import { SetPasswordMail } from './set-password-mail';
import { UserRecords } from './user-records.service';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** The Users section of Settings, and UserRecords: every other feature's way to write app_user. */
@Module({
  imports: [VerificationCodesModule],
  controllers: [UsersController],
  providers: [UsersRepository, UsersService, SetPasswordMail, UserRecords],
  exports: [UserRecords],
})
export class UsersModule {}
