import { Command } from 'commander';
import { register as registerSim } from './commands/sim';

/**
 * The `sweepline` program: one command per file in src/commands, each adding itself with
 * `register(program)` (CONVENTIONS.md section 7). Usage errors end with exit code 2.
 */
export function createProgram(): Command {
  const program = new Command('sweepline')
    .description('Sweepline: run RF production tests on network analyzers and PIM analyzers')
    .showHelpAfterError('(add --help for usage)')
    // Set before the commands are added, so they inherit it: main turns usage errors into exit code 2.
    .exitOverride();
  registerSim(program);
  return program;
}
