import { resolve } from 'node:path';
import type { TrustProxy } from './trust-proxy';
import { parseTrustProxy } from './trust-proxy';
import { parseLogFormat, type LogFormat } from '../common/log-format';

/**
 * Everything the API reads from its environment, read once at start. docs/operations.md lists
 * every variable; nothing else configures the service.
 */
export interface AppConfig {
  port: number;
  /** A PostgreSQL server; undefined starts the embedded PostgreSQL in `dataDir`. */
  databaseUrl: string | undefined;
  /** A streaming hot standby of that server for reads (database/read-db.ts); undefined: the primary. */
  databaseReadUrl: string | undefined;
  dataDir: string;
  /** Where the mail outbox goes when no SMTP server is set. */
  outboxDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The address users reach the web app at, for links in e-mails; https turns HSTS on. */
  publicUrl: string;
  /** Whose X-Forwarded-For names the caller (config/trust-proxy.ts). */
  trustProxy: TrustProxy;
  /** HTTPS served by the API itself: PEM files, read again whenever they change. */
  tls: { certFile: string; keyFile: string } | undefined;
  /** The built web app to serve, when it exists. */
  webDistDir: string;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** How long a solved verification challenge lets the session log in, sign up or reset. */
  verificationMinutes: number;
  /** Proof-of-work difficulty: the largest number the browser may have to try. */
  captchaMaxNumber: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  /** LOG_FORMAT json or pretty; default pretty on a terminal, JSON otherwise. */
  logFormat: LogFormat;
  /** How long an idle keep-alive connection stays open: longer than a balancer's idle timeout. */
  keepAliveSeconds: number;
  /**
   * How long after its start a run waits in the queue before the background fold takes it (0 or
   * more): about the length of the account's longest tests, so runs fold in their start times'
   * order (migration 1763861400000). The analytics fold whatever is queued before they read.
   */
  foldSettleSeconds: number;
  /** Rate limits of docs/requirements/identity.md#human-verification: attempts per window, per address and per e-mail. */
  rateLimit: {
    windowMinutes: number;
    loginPerEmail: number;
    loginPerAddress: number;
    mailPerEmail: number;
    mailPerAddress: number;
  };
  /** Limits of one account (issue 42), counted in PostgreSQL like the rate limits. */
  perAccount: {
    /** Users its manager may add per rate-limit window: adding answers alike for any address. */
    userAdds: number;
    /** A free-trial account's storage of traces and files, in MB. */
    trialStorageMb: number;
    /** Runs a free-trial account may upload per hour. */
    trialRunsPerHour: number;
  };
  /** The back office's bill (docs/requirements/back-office-and-billing.md#bill): price of one uploaded run after the free trial. */
  billing: { pricePerRecord: number; currency: string };
}

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new ConfigError(`${name} must be an integer of at least ${min}, not '${raw}'`);
  return value;
}

/** A price: a decimal of up to 6 places, like 0.05. */
function price(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,9}(\.\d{1,6})?$/.test(raw))
    throw new ConfigError(`${name} must be a decimal like 0.05 (up to 6 places), not '${raw}'`);
  return Number(raw);
}

function currency(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^[A-Z]{3}$/.test(raw))
    throw new ConfigError(`${name} must be an ISO 4217 code like USD, not '${raw}'`);
  return raw;
}

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function publicUrl(env: NodeJS.ProcessEnv, port: number): string {
  const raw = optional(env, 'PUBLIC_URL');
  if (raw === undefined) return `http://localhost:${port}`;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new ConfigError(`PUBLIC_URL must be an http:// or https:// address, not '${raw}'`);
  return raw.replace(/\/+$/, '');
}

function tls(env: NodeJS.ProcessEnv): AppConfig['tls'] {
  const certFile = optional(env, 'TLS_CERT_FILE');
  const keyFile = optional(env, 'TLS_KEY_FILE');
  if ((certFile === undefined) !== (keyFile === undefined))
    throw new ConfigError('Set both TLS_CERT_FILE and TLS_KEY_FILE, or neither');
  return certFile && keyFile ? { certFile: resolve(certFile), keyFile: resolve(keyFile) } : undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = integer(env, 'PORT', 8080, 0);
  const dataDir = resolve(optional(env, 'SWEEPLINE_DATA_DIR') ?? '.sweepline');
  const adminEmail = optional(env, 'SWEEPLINE_ADMIN_EMAIL');
  const adminPassword = optional(env, 'SWEEPLINE_ADMIN_PASSWORD');
  if ((adminEmail === undefined) !== (adminPassword === undefined)) {
    throw new ConfigError('Set both SWEEPLINE_ADMIN_EMAIL and SWEEPLINE_ADMIN_PASSWORD, or neither');
  }
  const logFormat = parseLogFormat(env['LOG_FORMAT'], process.stdout.isTTY === true);
  if (typeof logFormat === 'object') throw new ConfigError(logFormat.error);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  if ('error' in trustProxy) throw new ConfigError(trustProxy.error);
  return {
    port,
    databaseUrl: optional(env, 'DATABASE_URL'),
    databaseReadUrl: optional(env, 'DATABASE_READ_URL'),
    dataDir,
    outboxDir: resolve(dataDir, 'outbox'),
    smtpUrl: optional(env, 'SMTP_URL'),
    mailFrom: optional(env, 'MAIL_FROM') ?? 'Sweepline <no-reply@sweepline.local>',
    publicUrl: publicUrl(env, port),
    trustProxy: trustProxy.value,
    tls: tls(env),
    webDistDir: resolve(optional(env, 'SWEEPLINE_WEB_DIR') ?? resolve(__dirname, '../../../web/dist')),
    sessionIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 12 * 60),
    sessionMaxHours: integer(env, 'SESSION_MAX_HOURS', 7 * 24),
    verificationMinutes: integer(env, 'VERIFICATION_MINUTES', 5),
    captchaMaxNumber: integer(env, 'CAPTCHA_MAX_NUMBER', 50_000),
    adminEmail,
    adminPassword,
    logLevel: optional(env, 'LOG_LEVEL') ?? 'info',
    logFormat,
    keepAliveSeconds: integer(env, 'KEEP_ALIVE_SECONDS', 65),
    foldSettleSeconds: integer(env, 'STEP_VALUE_FOLD_SETTLE_SECONDS', 60, 0),
    rateLimit: {
      windowMinutes: integer(env, 'RATE_LIMIT_WINDOW_MINUTES', 15),
      loginPerEmail: integer(env, 'RATE_LIMIT_LOGIN_PER_EMAIL', 10),
      loginPerAddress: integer(env, 'RATE_LIMIT_LOGIN_PER_ADDRESS', 50),
      mailPerEmail: integer(env, 'RATE_LIMIT_MAIL_PER_EMAIL', 3),
      mailPerAddress: integer(env, 'RATE_LIMIT_MAIL_PER_ADDRESS', 20),
    },
    perAccount: {
      userAdds: integer(env, 'RATE_LIMIT_USER_ADDS_PER_ACCOUNT', 20),
      trialStorageMb: integer(env, 'TRIAL_STORAGE_MB', 500),
      trialRunsPerHour: integer(env, 'TRIAL_RUNS_PER_HOUR', 1000),
    },
    billing: {
      pricePerRecord: price(env, 'PRICE_PER_RECORD', 0.05),
      currency: currency(env, 'CURRENCY', 'USD'),
    },
  };
}

/** Nest injection token of the AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');
