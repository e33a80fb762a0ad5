import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { ApiTokensRepository } from './api-tokens/api-tokens.repository';
import { ApiTokenService } from './auth/api-token.service';
import { AuthGuard } from './auth/auth.guard';
import { Authenticator } from './auth/authenticator';
import { SessionRepository } from './auth/session.repository';
import { SessionService } from './auth/session.service';
import { EnvelopeFilter, EnvelopeInterceptor } from './common/envelope';
import { APP_CONFIG, AppConfig } from './config/app-config';
import { DedicatedClients } from './database/dedicated-client';
import { PoolDb } from './database/pool-db';
import { READ_POOL, ReadDb } from './database/read-db';
import { RunPartitionUpkeep } from './database/run-partition-upkeep';
import { RunPartitionsRepository } from './database/run-partitions.repository';
import { Db, RequestTransaction, TransactionInterceptor } from './database/transaction';

/**
 * What every feature uses: configuration, the database, sessions. Global, so feature modules
 * stay small. Interceptors run in order: the envelope wraps the transaction, so a reply is sent
 * only after its transaction committed.
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig, dataSource: DataSource): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DataSource, useValue: dataSource },
        Db,
        PoolDb,
        DedicatedClients,
        RequestTransaction,
        {
          provide: READ_POOL,
          // a standby that does not answer within 2 s is taken for down: its reads go to the primary
          useFactory: () =>
            config.databaseReadUrl
              ? new Pool({ connectionString: config.databaseReadUrl, max: 10, connectionTimeoutMillis: 2000 })
              : null,
        },
        ReadDb,
        RunPartitionsRepository,
        RunPartitionUpkeep,
        SessionRepository,
        SessionService,
        ApiTokensRepository,
        ApiTokenService,
        Authenticator,
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_FILTER, useClass: EnvelopeFilter },
        { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
        { provide: APP_INTERCEPTOR, useClass: TransactionInterceptor },
      ],
      exports: [
        APP_CONFIG,
        Db,
        PoolDb,
        DedicatedClients,
        ReadDb,
        // a station report opens its own transaction when it counts a verdict (stations.service.ts)
        RequestTransaction,
        SessionService,
        ApiTokenService,
        Authenticator,
      ],
    };
  }
}
