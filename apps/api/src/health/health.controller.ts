import { Controller } from '@nestjs/common';
import { endpoints } from '@sweepline/domain';
import { Public } from '../auth/decorators';
import { WithoutTransaction } from '../database/transaction';
import { HealthRepository } from './health.repository';
import { Route } from '../common/route.decorator';

/**
 * Liveness and readiness, as load balancers and orchestrators tell them apart: a process that
 * answers /health is alive and must not be restarted, even while its database is away (it comes
 * back by itself); /health/ready says whether to send it traffic now (docs/operations.md).
 */
@Controller()
@Public()
@WithoutTransaction()
export class HealthController {
  constructor(private readonly database: HealthRepository) {}

  /** The process answers: nothing else is asked. */
  @Route(endpoints.health.live)
  health(): { ok: true } {
    return { ok: true };
  }

  /** The database answers too; otherwise the envelope's 503 with Retry-After. */
  @Route(endpoints.health.ready)
  async ready(): Promise<{ ok: true }> {
    await this.database.ping();
    return { ok: true };
  }
}
