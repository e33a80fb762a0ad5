import type { Command } from 'commander';
import { LIMITS } from '@sweepline/domain';
import type { ConnectionOptions } from '../client/connect';
import { addConnectionOptions, connect } from '../client/connect';
import { UsageError } from '../exit-codes';
import { canPrompt, noPrompt, say } from '../io/terminal';
import { findProduct } from '../sn/find-product';
import { inChunks, serialNumberArgs } from '../sn/serial-number-args';

interface SnDeleteOptions extends ConnectionOptions {
  product: string;
  file?: string;
  yes?: boolean;
}

async function confirmed(count: number, product: string): Promise<boolean> {
  if (!canPrompt()) noPrompt('add --yes to delete without asking.');
  const { confirm } = await import('@inquirer/prompts');
  return confirm({
    message: `Delete ${count} serial number${count === 1 ? '' : 's'} of ${product}?`,
    default: false,
  });
}

/** Serial numbers with test results are never deleted: the server refuses them (409). */
export async function snDeleteAction(serialNumbers: string[], options: SnDeleteOptions): Promise<void> {
  const list = await serialNumberArgs(serialNumbers, options.file);
  const api = connect(options);
  const product = findProduct(await api.snProducts(), options.product);
  if (!options.yes && !(await confirmed(list.length, product.name)))
    throw new UsageError('Nothing was deleted.');
  await inChunks(list, LIMITS.serialNumbersPerAdd, (chunk) => api.deleteSerialNumbers(product.id, chunk));
  say(`${list.length} serial number${list.length === 1 ? '' : 's'} deleted from ${product.name}.`);
}

export function register(sn: Command): void {
  addConnectionOptions(
    sn
      .command('delete')
      .description('Delete serial numbers (without test results) from a product')
      .argument('[serial-numbers...]', 'serial numbers (or give --file)')
      .requiredOption('-p, --product <name|id>', 'the product, by name or id')
      .option('-f, --file <file>', 'a file of serial numbers, one per line; - for standard input')
      .option('-y, --yes', 'do not ask for confirmation (needed when standard input is not a terminal)'),
  )
    .addHelpText(
      'after',
      `
Each call deletes up to 1000 serial numbers, all or none; a serial number that is not in the
product, or has test results, refuses its call.

Examples:
  $ sweepline sn delete --product F-200 A-1 A-2
  $ sweepline sn delete --product F-200 --file scrapped.txt --yes`,
    )
    .action((serialNumbers: string[], options: SnDeleteOptions) => snDeleteAction(serialNumbers, options));
}
