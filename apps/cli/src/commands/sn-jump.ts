import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { LIMITS } from '@sweepline/domain';
import type { ConnectionOptions } from '../client/connect';
import { addConnectionOptions, connect } from '../client/connect';
import { say } from '../io/terminal';
import { findProduct } from '../sn/find-product';
import { inChunks, serialNumberArgs } from '../sn/serial-number-args';

interface SnJumpOptions extends ConnectionOptions {
  product?: string;
  stage: number;
  file?: string;
}

function parseStage(value: string): number {
  const stage = Number(value);
  if (!/^\d+$/.test(value.trim()) || stage < 1 || stage > 99) {
    throw new InvalidArgumentError(`A stage is a whole number from 1 to 99, not '${value}'.`);
  }
  return stage;
}

export async function snJumpAction(serialNumbers: string[], options: SnJumpOptions): Promise<void> {
  const list = await serialNumberArgs(serialNumbers, options.file);
  const api = connect(options);
  const productId =
    options.product !== undefined ? findProduct(await api.snProducts(), options.product).id : undefined;
  await inChunks(list, LIMITS.serialNumbersPerAdd, (chunk) =>
    api.jumpToStage({
      sn_array: chunk,
      stage_no: options.stage,
      ...(productId !== undefined ? { product_id: productId } : {}),
    }),
  );
  say(`${list.length} serial number${list.length === 1 ? '' : 's'} jumped to stage ${options.stage}.`);
}

export function register(sn: Command): void {
  addConnectionOptions(
    sn
      .command('jump')
      .description('Move serial numbers to a stage of their product (a retest starts a new visit)')
      .argument('[serial-numbers...]', 'serial numbers (or give --file)')
      .requiredOption('-s, --stage <stage>', 'the stage, 1-99; it must be a stage of the product', parseStage)
      .option('-p, --product <name|id>', 'the product (needed when a serial number is in several products)')
      .option('-f, --file <file>', 'a file of serial numbers, one per line; - for standard input'),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ sweepline sn jump --stage 2 A-1 A-2
  $ sweepline sn jump --product F-200 --stage 1 --file retest.txt`,
    )
    .action((serialNumbers: string[], options: SnJumpOptions) => snJumpAction(serialNumbers, options));
}
