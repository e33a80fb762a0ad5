import { Module } from '@nestjs/common';
import { ApiTokensController } from './api-tokens.controller';
import { ApiTokensRepository } from './api-tokens.repository';
import { ApiTokensService } from './api-tokens.service';

@Module({ controllers: [ApiTokensController], providers: [ApiTokensRepository, ApiTokensService] })
export class ApiTokensModule {}
