import type { Command } from 'commander';
import { Option } from 'commander';
import type { ConnectionOptions } from '../client/connect';
import { addConnectionOptions, connect } from '../client/connect';
import { canPrompt } from '../io/terminal';
import type { RunCommandOptions } from '../runner/run-command';
import { runCommand } from '../runner/run-command';

type RunOptions = RunCommandOptions & ConnectionOptions;

export function register(program: Command): void {
  addConnectionOptions(
    program
      .command('run')
      .description("Run tests on serial numbers with the lab's instruments, and upload the results")
      .addOption(new Option('-p, --product <name>', 'the product, by name or id').env('SWEEPLINE_PRODUCT'))
      .addOption(
        new Option(
          '-t, --test <name>',
          "the test, by name or id (default: the serial number's next test at its stage)",
        ),
      )
      .addOption(
        new Option(
          '-s, --sn <serial>',
          'one serial number, then exit with its verdict (0 PASS, 3 FAIL, 4 aborted)',
        ),
      ),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ sweepline run                         # pick the product, then scan serial numbers one after another
  $ sweepline run --product F-200         # straight to scanning
  $ sweepline run -p F-200 -t "Pass band" -s A-0001   # one unit from a script; the exit code is the verdict`,
    )
    .action(async (options: RunOptions) => {
      process.exitCode = await runCommand(options, connect(options), {
        interactive: canPrompt(),
        tty: process.stdout.isTTY === true,
        out: (text) => process.stdout.write(text),
        err: (line) => process.stderr.write(`${line}\n`),
      });
    });
}
