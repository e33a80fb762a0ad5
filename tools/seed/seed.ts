/**
 * `npm run seed`: the demo account (default) or the scale account (`--runs N`), each made anew on
 * every run in one transaction, never touching another account (docs/seed.md).
 */
import { Role } from '@sweepline/domain';
import type { Client } from 'pg';
import type { SeedIdentity } from './account';
import { replaceAccount } from './account';
import { insertAuditTrail, releaseAuditRows } from './audit';
import type { ProductSpec } from './catalogue';
import { SCALE_PRODUCTS } from './catalogue';
import { DEMO_PRODUCTS } from './demo-products';
import { DEMO_HISTORY, FIRST_RELEASE } from './demo-releases';
import { runsPerUnit } from './plan';
import { erasByTest, historiesOf, insertReleases, migrationRows, updateDrafts } from './releases';
import type { Template } from './results';
import { templates } from './results';
import type { RunCounts } from './runs';
import { insertRuns, ShortPlan } from './runs';
import { assertSchema } from './schema';
import { seededTables } from './seeded-tables';
import { insertScreenshots } from './screenshots';
import { labOf } from './lab';
import type { BuiltProduct } from './tests';
import { insertProducts } from './tests';

/** Documented in docs/seed.md and printed at the end: a demo only, never a production account. */
export const DEMO_PASSWORD = 'sweepline-demo-1';

export const DEMO_IDENTITY: SeedIdentity = {
  accountName: 'Sweepline Demo',
  password: DEMO_PASSWORD,
  users: [
    { email: 'demo@sweepline.local', name: 'Dana Demo', role: Role.Manager },
    { email: 'editor@sweepline.local', name: 'Eli Editor', role: Role.Editor },
    { email: 'operator@sweepline.local', name: 'Olive Operator', role: Role.Operator },
  ],
};

export const SCALE_IDENTITY: SeedIdentity = {
  accountName: 'Sweepline Scale',
  password: DEMO_PASSWORD,
  users: [
    { email: 'scale@sweepline.local', name: 'Sam Scale', role: Role.Manager },
    { email: 'scale-operator@sweepline.local', name: 'Otto Operator', role: Role.Operator },
  ],
};

export interface SeedOptions {
  /** Scale mode: exactly this many runs on the scale account; absent: the demo. */
  runs?: number;
  days?: number;
  now?: Date;
  progress?: (line: string) => void;
}

export interface SeedSummary extends RunCounts {
  identity: SeedIdentity;
  accountId: number;
  products: BuiltProduct[];
  days: number;
  /** Instrument screenshots on report-marked steps (demo only). */
  screenshots: number;
}

/** Two seeds at once on one database would empty each other's account: they take turns. */
const SEED_LOCK_KEY = 7_215_461_077;
const DAY = 86_400_000;

function stepResultVariants(products: readonly BuiltProduct[]): Map<number, Template[]> {
  const all = products.flatMap((p) => p.tests);
  return new Map(all.map((test, i) => [test.id, templates(test, 8, 1000 + i)]));
}

async function seedOnce(
  db: Client,
  scale: boolean,
  specs: readonly ProductSpec[],
  o: Required<SeedOptions>,
  units: number,
) {
  const identity = scale ? SCALE_IDENTITY : DEMO_IDENTITY;
  const midnight = Math.floor(o.now.getTime() / DAY) * DAY;
  // the demo's last day is today, up to now; the scale runs end at midnight
  const end = new Date(scale ? midnight : midnight + DAY);
  const createdAt = new Date(end.getTime() - (o.days + 30) * DAY);
  const account = await replaceAccount(db, identity, createdAt);
  const id = (i: number) => account.userIds.get(identity.users[i]!.email)!;
  const [manager, second, third] = identity.users;
  const products = await insertProducts(db, account.accountId, specs, (second ?? manager)!.name, createdAt);
  const releases = scale
    ? { rows: migrationRows(products, createdAt), drafts: [] }
    : historiesOf(products, DEMO_HISTORY, FIRST_RELEASE, {
        day: new Date(midnight),
        author: { id: id(1), name: second!.name },
        approver: { id: id(0), name: manager!.name },
      });
  const releaseIds = await insertReleases(db, account.accountId, releases.rows);
  await updateDrafts(db, releases.drafts);
  // the demo shows change control as a certified factory runs it (docs/seed.md, "Releases")
  if (!scale) {
    await db.query('UPDATE account SET release_control = true, release_approval = true WHERE id = $1', [
      account.accountId,
    ]);
    const productOf = new Map(products.flatMap((p) => p.tests.map((t) => [t.id, p.id])));
    await insertAuditTrail(
      db,
      account.accountId,
      releaseAuditRows(releases.rows, releaseIds, productOf, {
        accountId: account.accountId,
        manager: { id: id(0), name: manager!.name },
      }),
    );
  }
  const operators = scale
    ? [{ id: id(1), name: second!.name }]
    : [
        { id: id(2), name: third!.name },
        { id: id(1), name: second!.name },
      ];
  const templateMap = stepResultVariants(products);
  const counts = await insertRuns(db, {
    accountId: account.accountId,
    products,
    templates: templateMap,
    eras: erasByTest(releases.rows),
    days: o.days,
    end,
    now: o.now,
    units,
    maxRuns: scale ? o.runs : null,
    bulk: scale,
    operators,
    adder: (second ?? manager)!.name,
    lab: labOf(new Date(midnight)),
    manager: { id: id(0), name: manager!.name },
    traceDays: scale ? 0 : 14,
    jumpEvery: scale ? 0 : 60,
    progress: o.progress,
  });
  const screenshots = scale ? 0 : await insertScreenshots(db, account.accountId, products, templateMap);
  return { ...counts, screenshots, identity, accountId: account.accountId, products, days: o.days };
}

/**
 * What autovacuum would do soon after: statistics for good plans, and the visibility map and hint
 * bits, so the first reports neither rewrite every page nor skip index-only scans.
 */
async function vacuum(db: Client): Promise<void> {
  await db.query(`VACUUM (ANALYZE) ${await seededTables(db)}`);
}

export async function seed(db: Client, label: string, options: SeedOptions = {}): Promise<SeedSummary> {
  await assertSchema(db, label);
  const scale = options.runs !== undefined;
  const o: Required<SeedOptions> = {
    runs: options.runs ?? 0,
    days: options.days ?? 120,
    now: options.now ?? new Date(),
    progress: options.progress ?? (() => undefined),
  };
  const specs = scale ? SCALE_PRODUCTS : DEMO_PRODUCTS;
  // scale: a few more units than the runs need on average, the runs past o.runs are left out
  let units = scale ? Math.ceil((o.runs / runsPerUnit(specs)) * 1.03) : 50 * o.days;
  await db.query('BEGIN');
  try {
    await db.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    for (;;) {
      await db.query('SAVEPOINT seed_plan');
      try {
        const summary = await seedOnce(db, scale, specs, o, units);
        await db.query('COMMIT');
        await vacuum(db);
        return summary;
      } catch (error) {
        if (!(error instanceof ShortPlan)) throw error;
        await db.query('ROLLBACK TO SAVEPOINT seed_plan');
        units = Math.ceil(units * 1.1);
      }
    }
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
