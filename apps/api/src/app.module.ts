import { DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { AppConfig } from './config/app-config';
import { CoreModule } from './core.module';
import { FEATURE_MODULES } from './features';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, dataSource: DataSource, requestLog: Logger): DynamicModule {
    const logger = LoggerModule.forRoot({
      // Nest 11's path syntax for "every route" (the default '*' logs a conversion warning)
      forRoutes: [{ path: '{*splat}', method: RequestMethod.ALL }],
      // the pino-http middleware createApp mounted first (createRequestLog)
      pinoHttp: { logger: requestLog },
      useExisting: true,
    });
    return {
      module: AppModule,
      imports: [logger, CoreModule.forRoot(config, dataSource), ...FEATURE_MODULES],
    };
  }
}
