import { Injectable } from '@nestjs/common';
import { Role } from '@sweepline/domain';
import { UsersRepository } from './users.repository';

/**
 * The `app_user` writes other features ask for: the sign-up's manager, activation and passwords
 * (auth), the manager's name (accounts), the administrator made on start (admin-bootstrap), and
 * an export link's holder. UsersRepository stays the table's only writer.
 */
@Injectable()
export class UserRecords {
  constructor(private readonly users: UsersRepository) {}

  /** A new account's manager, waiting for activation; undefined when a live user took the e-mail. */
  addManager(
    accountId: number,
    email: string,
    name: string,
    passwordHash: string,
  ): Promise<number | undefined> {
    return this.users.insertWithPassword({
      accountId,
      email,
      name,
      role: Role.Manager,
      passwordHash,
      isActive: false,
    });
  }

  /** The provider administrator (role -1, no account); false when a live user took the e-mail. */
  async addAdministrator(email: string, passwordHash: string): Promise<boolean> {
    const id = await this.users.insertWithPassword({
      accountId: null,
      email,
      name: 'Administrator',
      role: Role.Admin,
      passwordHash,
      isActive: true,
    });
    return id !== undefined;
  }

  liveRole(email: string): Promise<Role | undefined> {
    return this.users.liveRole(email);
  }

  activate(userId: number): Promise<{ accountId: number | null; role: Role } | undefined> {
    return this.users.activate(userId);
  }

  setPassword(userId: number, passwordHash: string): Promise<void> {
    return this.users.setPassword(userId, passwordHash);
  }

  rename(accountId: number, userId: number, name: string): Promise<void> {
    return this.users.rename(accountId, userId, name);
  }

  /** Any user by id, whatever its account or state (an export link's holder). */
  byId(id: number) {
    return this.users.byId(id);
  }
}
