import type { Command } from 'commander';
import { register as registerDelete } from './sn-delete';
import { register as registerImport } from './sn-import';
import { register as registerJump } from './sn-jump';
import { register as registerList } from './sn-list';

/** `sweepline sn …`: serial numbers of the account's products (docs/api/serial-numbers.md). */
export function register(program: Command): void {
  const sn = program.command('sn').description('Serial numbers: import, list, jump to a stage, delete');
  registerImport(sn);
  registerList(sn);
  registerJump(sn);
  registerDelete(sn);
}
