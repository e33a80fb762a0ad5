import type { Command } from 'commander';
import { register as registerCapability } from './report-capability';
import { register as registerFailures } from './report-failures';
import { register as registerPdf } from './report-pdf';

/** `sweepline report …`: a run's PDF and the measurement analytics (docs/cli.md). */
export function register(program: Command): void {
  const report = program.command('report').description('Reports of test results: PDF, capability, failures');
  registerPdf(report);
  registerCapability(report);
  registerFailures(report);
}
