import { Controller, Get } from '@nestjs/common';
import { Public } from '../auth/decorators';
import { Db } from '../database/transaction';

@Controller('health')
export class HealthController {
  constructor(private readonly db: Db) {}

  /** For load balancers and monitors: answers only when the database answers too. */
  @Public()
  @Get()
  async health(): Promise<{ ok: true }> {
    await this.db.query('SELECT 1');
    return { ok: true };
  }
}
