import { Logger } from '@nestjs/common';
import { emailError, passwordError, Role } from '@sweepline/domain';
import type { DataSource } from 'typeorm';
import { hashPassword } from '../auth/passwords';
import type { AppConfig } from '../config/app-config';
import { ConfigError } from '../config/app-config';
import { Db } from '../database/transaction';
import { UserRecords } from '../users/user-records.service';
import { UsersRepository } from '../users/users.repository';

/**
 * The provider administrator (role -1, no account): made from SWEEPLINE_ADMIN_EMAIL and
 * SWEEPLINE_ADMIN_PASSWORD on start, or by create-admin.js; there is no built-in password.
 */
export type AdminOutcome =
  | 'created'
  /** The administrator is there already; its password is left as it is. */
  | 'exists'
  /** A customer's user has the e-mail: no administrator is made. */
  | 'taken';

/** The message why these administrator credentials cannot be used, or undefined. */
export function adminCredentialsError(email: string, password: string): string | undefined {
  const emailMessage = emailError(email);
  if (emailMessage) return `The administrator e-mail '${email}': ${emailMessage}`;
  const passwordMessage = passwordError(password);
  return passwordMessage ? `The administrator password: ${passwordMessage}` : undefined;
}

/** Refuses, before anything starts, administrator settings that could never be used. */
export function assertAdminConfig(config: AppConfig): void {
  if (config.adminEmail === undefined || config.adminPassword === undefined) return;
  const message = adminCredentialsError(config.adminEmail, config.adminPassword);
  if (message) throw new ConfigError(`SWEEPLINE_ADMIN_EMAIL / SWEEPLINE_ADMIN_PASSWORD: ${message}`);
}

/**
 * Makes the administrator unless a live user already has the e-mail (then nothing changes: a
 * restart never resets a password). Safe when instances start together: the insert yields to the
 * unique index on lower(email).
 */
export async function createAdmin(
  dataSource: DataSource,
  email: string,
  password: string,
): Promise<AdminOutcome> {
  const message = adminCredentialsError(email, password);
  if (message) throw new ConfigError(message);
  // before any request: Db runs each statement on a pooled connection of its own
  const users = new UserRecords(new UsersRepository(new Db(dataSource)));
  const role = await users.liveRole(email);
  if (role !== undefined) return role === Role.Admin ? 'exists' : 'taken';
  const inserted = await users.addAdministrator(email, await hashPassword(password));
  return inserted ? 'created' : createAdmin(dataSource, email, password);
}

/** On start, after the migrations (create-app.ts). */
export async function ensureConfiguredAdmin(config: AppConfig, dataSource: DataSource): Promise<void> {
  if (config.adminEmail === undefined || config.adminPassword === undefined) return;
  const outcome = await createAdmin(dataSource, config.adminEmail, config.adminPassword);
  const logger = new Logger('Administrator');
  if (outcome === 'created') logger.log(`Created the administrator ${config.adminEmail}`);
  if (outcome === 'taken')
    logger.warn(`No administrator made: the user ${config.adminEmail} is a customer's`);
}
