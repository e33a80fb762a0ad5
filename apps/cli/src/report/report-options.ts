import type { Command } from 'commander';
import { InvalidArgumentError, Option } from 'commander';
import {
  dayNumber,
  dayRange,
  localDay,
  rangePresets,
  type ProductListItem,
  type ProductListSeq,
} from '@sweepline/domain';
import { UsageError } from '../exit-codes';
import { findProduct } from '../sn/find-product';

/** This computer's hours from UTC (quarter hours). */
export function localZoneOffset(): number {
  return Math.round(-new Date().getTimezoneOffset() / 15) / 4;
}

export function parseZoneOffset(value: string): number {
  const hours = Number(value);
  if (
    value.trim() === '' ||
    !Number.isFinite(hours) ||
    hours < -12 ||
    hours > 14 ||
    !Number.isInteger(hours * 4)
  ) {
    throw new InvalidArgumentError(
      `Hours from UTC, from -12 to 14 in quarter hours (like 5.5), not '${value}'.`,
    );
  }
  return hours;
}

export const zoneOffsetOption = (what: string) =>
  new Option('--zone-offset <hours>', `hours from UTC ${what} (default: this computer)`)
    .argParser(parseZoneOffset)
    .default(localZoneOffset(), "this computer's");

function parseDay(value: string): string {
  if (dayNumber(value.trim()) === undefined)
    throw new InvalidArgumentError(`A day is written YYYY-MM-DD, like 2025-03-31, not '${value}'.`);
  return value.trim();
}

/** The options of the analysis reports: what to analyse and over which local days. */
export interface AnalysisOptions {
  product: string;
  test?: string;
  from?: string;
  to?: string;
  zoneOffset: number;
  json?: boolean;
}

/** --product, --from, --to and --zone-offset (the test and step options differ per report). */
export function addAnalysisOptions(command: Command): Command {
  return command
    .requiredOption('-p, --product <name|id>', 'the product')
    .option('--from <YYYY-MM-DD>', 'the first day (default: 29 days before --to)', parseDay)
    .option('--to <YYYY-MM-DD>', 'the last day, included (default: today)', parseDay)
    .addOption(zoneOffsetOption('of the days'))
    .option('--json', 'print the API answer as JSON');
}

/**
 * The range query of the options: the web app's "Last Month" preset (30 days to today) unless
 * --from or --to say otherwise.
 */
export function rangeQuery(options: AnalysisOptions) {
  const today = localDay(Date.now(), options.zoneOffset);
  const to = options.to ?? today;
  const from = options.from ?? rangePresets(to)[3]!.range[0];
  if (dayNumber(from)! > dayNumber(to)!) throw new UsageError(`--from ${from} is after --to ${to}.`);
  return {
    days: [from, to] as const,
    query: { ...dayRange(from, to, options.zoneOffset), zone_offset: options.zoneOffset },
  };
}

/** The product and, by name (any case) or id, one of its live tests. */
export function findTest(products: readonly ProductListItem[], product: string, test: string) {
  const found = findProduct(products, product);
  const wanted = test.trim();
  const seq: ProductListSeq | undefined =
    found.seqs.find((s) => /^\d+$/.test(wanted) && s.id === Number(wanted)) ??
    found.seqs.find((s) => s.name.toLowerCase() === wanted.toLowerCase());
  if (!seq) {
    const names = found.seqs.map((s) => s.name);
    throw new UsageError(
      `Test '${test}' not found in ${found.name} (${names.length ? `its tests: ${names.join(', ')}` : 'it has no tests yet'}).`,
    );
  }
  return { product: found, seq };
}
