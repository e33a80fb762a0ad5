import { AccountExportModule } from './account-export/account-export.module';
import { AccountsModule } from './accounts/accounts.module';
import { ApiTokensModule } from './api-tokens/api-tokens.module';
import { AuditModule } from './audit/audit.module';
import { BackOfficeModule } from './back-office/back-office.module';
import { IdentityModule } from './auth/identity.module';
import { CaptchaModule } from './captcha/captcha.module';
import { ContainmentModule } from './containment/containment.module';
import { EditorModule } from './editor/editor.module';
import { HealthModule } from './health/health.module';
import { InstrumentsModule } from './instruments/instruments.module';
import { MailModule } from './mail/mail.module';
import { ReportPdfModule } from './pdf/report-pdf.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { ReleasesModule } from './releases/releases.module';
import { ReportsModule } from './reports/reports.module';
import { RunnerModule } from './runner/runner.module';
import { RunOriginModule } from './run-origin/run-origin.module';
import { RunsModule } from './runs/runs.module';
import { SiteModule } from './site/site.module';
import { SerialNumbersModule } from './serial-numbers/serial-numbers.module';
import { SpcModule } from './spc/spc.module';
import { StationsModule } from './stations/stations.module';
import { UsersModule } from './users/users.module';
import { VersionsModule } from './versions/versions.module';

/**
 * Every feature module of the API, one per folder, in any order: create-app puts literal routes
 * ahead of parametric ones (common/route-order.ts).
 */
export const FEATURE_MODULES = [
  HealthModule,
  MailModule,
  RateLimitModule,
  AccountsModule,
  AccountExportModule,
  ApiTokensModule,
  AuditModule,
  CaptchaModule,
  IdentityModule,
  EditorModule,
  ReleasesModule,
  SerialNumbersModule,
  RunsModule,
  RunnerModule,
  RunOriginModule,
  StationsModule,
  InstrumentsModule,
  ContainmentModule,
  ReportPdfModule,
  ReportsModule,
  SpcModule,
  BackOfficeModule,
  VersionsModule,
  SiteModule,
  UsersModule,
];
