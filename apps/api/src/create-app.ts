import 'reflect-metadata';
import type { Server as TlsServer } from 'node:tls';
import type { INestApplication } from '@nestjs/common';
import { Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import type { DataSource } from 'typeorm';
import { assertAdminConfig, ensureConfiguredAdmin } from './admin-bootstrap/admin-bootstrap';
import { AppModule } from './app.module';
import { bodyLimits } from './common/body-limits';
import { StartUpAtDebug } from './common/log-format';
import { applyServerTimeouts } from './common/server-timeouts';
import { createRequestLog } from './common/request-log';
import { securityHeaders } from './common/security-headers';
import { createValidationPipe } from './common/validation';
import type { AppConfig } from './config/app-config';
import { createDataSource } from './database/data-source';
import { API_PREFIX } from './common/api-prefix';
import { migrateUnderLock } from './database/migrate';
import { watchPool } from './database/outage-log';
import {
  describeRunUpload,
  RUN_UPLOAD_MODELS,
  RUN_UPLOAD_PATH,
  runUploadRoute,
} from './runner/run-upload.route';
import { readTlsPair, reloadOnChange } from './tls/certificate';
import { literalRoutesFirst, type RouteLayer } from './common/route-order';
import { jsonCompression } from './web-app/json-compression';
import { serveWebApp } from './web-app/serve-web-app';

export interface StartedApp {
  app: INestApplication;
  dataSource: DataSource;
}

function serveOpenApi(app: INestApplication): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Sweepline API')
      .setDescription('Every reply is {status, msg, data}; status 1 is success. See docs/api.md.')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'x-auth-token' }, 'x-auth-token')
      .build(),
    { extraModels: RUN_UPLOAD_MODELS },
  );
  describeRunUpload(document, API_PREFIX);
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, document, { jsonDocumentUrl: `${API_PREFIX}/docs-json` });
}

/**
 * The whole API on one database: migrate (under the advisory lock), then build the Nest app.
 * main.ts listens on it; the tests drive it through supertest.
 */
export async function createApp(config: AppConfig, databaseUrl: string): Promise<StartedApp> {
  assertAdminConfig(config);
  const httpsOptions = config.tls ? readTlsPair(config.tls) : undefined;
  const dataSource = createDataSource(databaseUrl);
  await dataSource.initialize();
  watchPool(dataSource);
  await migrateUnderLock(dataSource);
  const requestLog = createRequestLog(config.logLevel, config.logFormat);
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(config, dataSource, requestLog.logger),
    { bufferLogs: true, bodyParser: false, httpsOptions },
  );
  app.useLogger(new StartUpAtDebug(app.get(Logger)));
  await ensureConfiguredAdmin(config, dataSource);
  app.use(requestLog);
  // ahead of every route, the run upload route and the web app's files included
  app.disable('x-powered-by');
  app.use(securityHeaders(config.publicUrl));
  app.use(jsonCompression());
  // a declared size above the route's limit is refused before anything is read; a body is read
  // only once its caller is admitted (Authenticator.admit): by AuthGuard for every Nest route, by
  // the run upload route (16 MB) for its own
  const runUploads = `/${API_PREFIX}${RUN_UPLOAD_PATH}`;
  app.use(bodyLimits(runUploads));
  app.use(runUploads, runUploadRoute(app));
  app.set('trust proxy', config.trustProxy);
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(createValidationPipe());
  serveOpenApi(app);
  serveWebApp(app, config.webDistDir);
  await app.init();
  literalRoutesFirst(
    (app.getHttpAdapter().getInstance() as { router: { stack: RouteLayer[] } }).router.stack,
  );
  applyServerTimeouts(app.getHttpServer(), config.keepAliveSeconds);
  if (config.tls) {
    // with httpsOptions the adapter made an https.Server, which is a tls.Server
    const server = app.getHttpServer() as unknown as TlsServer;
    const stopWatching = reloadOnChange(server, config.tls, new NestLogger('Tls'));
    server.once('close', stopWatching);
  }
  return { app, dataSource };
}
