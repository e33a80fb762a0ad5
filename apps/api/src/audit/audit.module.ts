import { Global, Module } from '@nestjs/common';
import { AuditRepository } from './audit.repository';
import { AuditTrail } from './audit-trail';

/**
 * The audit trail (docs/audit.md). Global: every module that changes what the trail covers
 * records through AuditTrail without importing this one.
 */
@Global()
@Module({ providers: [AuditRepository, AuditTrail], exports: [AuditTrail] })
export class AuditModule {}
