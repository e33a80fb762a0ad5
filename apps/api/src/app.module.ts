import { DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { AppConfig } from './config/app-config';
import { CoreModule } from './core.module';
import { FEATURE_MODULES } from './features';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, dataSource: DataSource): DynamicModule {
    const logger = LoggerModule.forRoot({
      // Nest 11's path syntax for "every route" (the default '*' logs a conversion warning)
      forRoutes: [{ path: '{*splat}', method: RequestMethod.ALL }],
      pinoHttp: {
        level: config.logLevel,
        // never log secrets: tokens travel in these headers
        redact: ['req.headers["x-auth-token"]', 'req.headers.authorization', 'res.headers["x-auth-token"]'],
      },
    });
    return {
      module: AppModule,
      imports: [logger, CoreModule.forRoot(config, dataSource), ...FEATURE_MODULES],
    };
  }
}
