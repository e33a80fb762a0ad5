import { Module } from '@nestjs/common';
import { AccountsController } from './accounts.controller';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';

@Module({ controllers: [AccountsController], providers: [AccountsRepository, AccountsService] })
export class AccountsModule {}
