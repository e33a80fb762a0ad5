import { Module } from '@nestjs/common';
import { IdentityMails } from './identity-mails';
import { IdentityRepository } from './identity.repository';
import { LoginController } from './login.controller';
import { LoginService } from './login.service';
import { PasswordController } from './password.controller';
import { PasswordService } from './password.service';
import { PublicMailGate } from './public-mail-gate';
import { SignupController } from './signup.controller';
import { SignupService } from './signup.service';
import { VerificationCodesRepository } from './verification-codes.repository';
import { VerificationCodesService } from './verification-codes.service';

/** Log-in, sign-up, activation and passwords (issue 4, "Identity"). */
@Module({
  controllers: [LoginController, SignupController, PasswordController],
  providers: [
    IdentityRepository,
    IdentityMails,
    PublicMailGate,
    VerificationCodesRepository,
    VerificationCodesService,
    LoginService,
    SignupService,
    PasswordService,
  ],
})
export class IdentityModule {}
