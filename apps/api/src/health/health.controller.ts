import { Controller, Get } from '@nestjs/common';
import { Public } from '../auth/decorators';
import { HealthRepository } from './health.repository';

@Controller('health')
export class HealthController {
  constructor(private readonly database: HealthRepository) {}

  /** For load balancers and monitors: answers only when the database answers too. */
  @Public()
  @Get()
  async health(): Promise<{ ok: true }> {
    await this.database.ping();
    return { ok: true };
  }
}
