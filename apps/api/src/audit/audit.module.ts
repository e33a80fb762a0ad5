import { Global, Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';
import { AuditTrail } from './audit-trail';

/**
 * The audit trail (docs/audit.md). Global: every module that changes what the trail covers
 * records through AuditTrail without importing this one.
 */
@Global()
@Module({
  controllers: [AuditController],
  providers: [AuditRepository, AuditTrail, AuditService],
  exports: [AuditTrail],
})
export class AuditModule {}
