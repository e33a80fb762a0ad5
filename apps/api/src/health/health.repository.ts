import { Injectable } from '@nestjs/common';
import { Db } from '../database/transaction';

@Injectable()
export class HealthRepository {
  constructor(private readonly db: Db) {}

  /** Resolves once the database answers a query. */
  async ping(): Promise<void> {
    await this.db.query('SELECT 1');
  }
}
