import { Module } from '@nestjs/common';
import { BackOfficeController } from './back-office.controller';
import { BackOfficeRepository } from './back-office.repository';
import { BackOfficeService } from './back-office.service';

/** The provider's back office (docs/requirements/back-office-and-billing.md: /ht/usage, /ht/bill, /ht/accounts). */
@Module({ controllers: [BackOfficeController], providers: [BackOfficeService, BackOfficeRepository] })
export class BackOfficeModule {}
