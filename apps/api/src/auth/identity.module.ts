import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { UsersModule } from '../users/users.module';
import { IdentityMails } from './identity-mails';
import { IdentityRepository } from './identity.repository';
import { LoginController } from './login.controller';
import { LoginService } from './login.service';
import { PasswordController } from './password.controller';
import { PasswordService } from './password.service';
import { PublicMailGate } from './public-mail-gate';
import { SignupController } from './signup.controller';
import { SignupService } from './signup.service';
import { VerificationCodesModule } from './verification-codes.module';

/** Log-in, sign-up, activation and passwords (issue 4, "Identity"). */
@Module({
  imports: [AccountsModule, UsersModule, VerificationCodesModule],
  controllers: [LoginController, SignupController, PasswordController],
  providers: [
    IdentityRepository,
    IdentityMails,
    PublicMailGate,
    LoginService,
    SignupService,
    PasswordService,
  ],
})
export class IdentityModule {}
