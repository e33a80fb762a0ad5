import type { Command } from 'commander';
import type { ConnectionOptions } from '../client/connect';
import { addConnectionOptions, connect } from '../client/connect';
import { printJson, printTable } from '../io/terminal';
import { findProduct } from '../sn/find-product';

interface SnListOptions extends ConnectionOptions {
  product?: string;
  json?: boolean;
}

export async function snListAction(options: SnListOptions): Promise<void> {
  const products = await connect(options).snProducts();
  if (options.product !== undefined) {
    const product = findProduct(products, options.product);
    if (options.json) return printJson(product);
    if (product.snArray.length > 0) process.stdout.write(`${product.snArray.join('\n')}\n`);
    return;
  }
  if (options.json) return printJson(products);
  printTable(
    ['ID', 'PRODUCT', 'SERIAL NUMBERS', 'STAGES'],
    products.map((p) => [String(p.id), p.name, String(p.snArray.length), p.stageArray.join(',')]),
  );
}

export function register(sn: Command): void {
  addConnectionOptions(
    sn
      .command('list')
      .description("List the products with their serial-number counts, or one product's serial numbers")
      .option('-p, --product <name|id>', 'list the serial numbers of this product, one per line')
      .option('--json', 'print JSON'),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ sweepline sn list
  $ sweepline sn list --product F-200 > f200-serials.txt
  $ sweepline sn list --json | jq '.[] | {name, count: (.snArray | length)}'`,
    )
    .action((options: SnListOptions) => snListAction(options));
}
