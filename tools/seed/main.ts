/**
 * npm run seed -- [--runs N] [--days D]
 * Fills the API's database (DATABASE_URL, or the embedded one in SWEEPLINE_DATA_DIR) with the
 * demo account, or with N runs on the scale account for benchmarks. docs/seed.md.
 */
import { roleLabel } from '@sweepline/domain';
import { Client } from 'pg';
import { connectTarget, SeedError } from './connect';
import type { SeedOptions, SeedSummary } from './seed';
import { seed } from './seed';

const USAGE = `Usage: npm run seed -- [--runs N] [--days D]
  (no option)  the demo account Sweepline Demo: four products, months of runs
  --runs N     scale mode: the account Sweepline Scale with exactly N runs of 20 steps
  --days D     the days the runs cover (default 120)
Writes to DATABASE_URL, or to the embedded database in SWEEPLINE_DATA_DIR (default ./.sweepline).`;

export function parseArgs(args: readonly string[]): SeedOptions | 'help' {
  const options: SeedOptions = {};
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i]!.split('=', 2) as [string, string | undefined];
    if (flag === '--help' || flag === '-h') return 'help';
    if (flag !== '--runs' && flag !== '--days') throw new SeedError(`Unknown option ${flag}\n${USAGE}`);
    const text = inline ?? args[++i];
    const value = Number(text?.replace(/_/g, ''));
    const max = flag === '--runs' ? 50_000_000 : 3650;
    if (!Number.isInteger(value) || value < 1 || value > max) {
      throw new SeedError(
        `${flag} takes a whole number from 1 to ${max.toLocaleString('en')} (got ${text ?? 'nothing'})`,
      );
    }
    if (flag === '--runs') options.runs = value;
    else options.days = value;
  }
  return options;
}

function report(s: SeedSummary, seconds: number): string {
  const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
  const tests = s.products.reduce((a, p) => a + p.tests.length, 0);
  return [
    '',
    `Account ${s.identity.accountName} (id ${s.accountId}): ${s.products.length} products, ${tests} tests,`,
    `  ${s.units.toLocaleString('en')} serial numbers, ${s.runs.toLocaleString('en')} runs over ${s.days} days ` +
      `(${s.passed.toLocaleString('en')} passed, ${s.failed.toLocaleString('en')} failed, ${s.aborted.toLocaleString('en')} aborted; ` +
      `first-run pass ${pct(s.firstPass)}), ${s.traces.toLocaleString('en')} traces, ` +
      `${s.screenshots} instrument screenshots`,
    '',
    `Sign in with (password ${s.identity.password} for each):`,
    ...s.identity.users.map((u) => `  ${roleLabel(u.role).padEnd(9)} ${u.email}  (${u.name})`),
    '',
    `Seeded in ${seconds.toFixed(1)} s.`,
  ].join('\n');
}

async function main(): Promise<void> {
  const parsed = parseArgs(process.argv.slice(2));
  if (parsed === 'help') return console.log(USAGE);
  const started = Date.now();
  const target = await connectTarget();
  const db = new Client({ connectionString: target.url });
  try {
    await db.connect();
    console.log(`Seeding ${target.label}…`);
    const progress = (line: string) =>
      console.log(`  ${line} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    const summary = await seed(db, target.label, { ...parsed, progress });
    console.log(report(summary, (Date.now() - started) / 1000));
  } finally {
    await db.end().catch(() => undefined);
    await target.close();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof SeedError ? error.message : error);
    process.exit(1);
  });
}
