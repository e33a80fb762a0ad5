import { Command } from 'commander';
import { version } from '../package.json';
import { register as registerAudit } from './commands/audit';
import { register as registerLab } from './commands/lab';
import { register as registerLogin } from './commands/login';
import { register as registerLogout } from './commands/logout';
import { register as registerMeasure } from './commands/measure';
import { register as registerQueue } from './commands/queue';
import { register as registerRun } from './commands/run';
import { register as registerReport } from './commands/report';
import { register as registerResults } from './commands/results';
import { register as registerSim } from './commands/sim';
import { register as registerSn } from './commands/sn';
import { register as registerSpc } from './commands/spc';
import { register as registerTest } from './commands/test';
import { register as registerTrace } from './commands/trace';
import { register as registerWhoami } from './commands/whoami';

/**
 * The `sweepline` program: one command per file in src/commands, each adding itself with
 * `register(program)` (CONVENTIONS.md section 7). Usage errors end with exit code 2.
 */
export function createProgram(): Command {
  const program = new Command('sweepline')
    .description('Sweepline: run RF production tests on network analyzers and PIM analyzers')
    .version(version, '-V, --version', 'print the version of this program')
    .showHelpAfterError('(add --help for usage)')
    // Set before the commands are added, so they inherit it: main turns usage errors into exit code 2.
    .exitOverride();
  registerLogin(program);
  registerLogout(program);
  registerWhoami(program);
  registerSn(program);
  registerTest(program);
  registerResults(program);
  registerAudit(program);
  registerReport(program);
  registerSpc(program);
  registerTrace(program);
  registerLab(program);
  registerRun(program);
  registerQueue(program);
  registerMeasure(program);
  registerSim(program);
  return program;
}
