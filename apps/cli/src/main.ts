#!/usr/bin/env node
import { CommanderError } from 'commander';
import { exitCodeOf, messageOf } from './client/exit';
import { EXIT } from './exit-codes';
import { createProgram } from './program';

async function main(): Promise<void> {
  const program = createProgram();
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    // commander has already printed its message (and the help hint) to stderr.
    if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? EXIT.ok : EXIT.usage);
    process.stderr.write(`sweepline: ${messageOf(error)}\n`);
    process.exit(exitCodeOf(error));
  }
}

void main();
