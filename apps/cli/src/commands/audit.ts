import type { Command } from 'commander';
import { register as registerVerify } from './audit-verify';

/** `sweepline audit …`: the account's audit trail (docs/audit.md). */
export function register(program: Command): void {
  const audit = program.command('audit').description("The account's audit trail: verify its chain");
  registerVerify(audit);
}
