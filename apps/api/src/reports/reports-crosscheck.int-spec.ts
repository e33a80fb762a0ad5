import fc from 'fast-check';
import type { RunRecord } from '@sweepline/domain';
import {
  ALL_PRODUCTS,
  dailyPassRate,
  dailyTestedUnits,
  dayRange,
  firstTimePassYield,
  MS_PER_DAY,
  Role,
  throughputYield,
  Verdict,
} from '@sweepline/domain';
import { createManager, createMember } from '../../test/fixtures';
import type { TestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-app';
import { editorApi, ok } from '../editor/testing/editor-api';
import type { FixtureRun } from './testing/report-fixtures';
import { insertProduct, insertRuns, insertSeq, runRecords } from './testing/report-fixtures';

const BASE = Date.UTC(2025, 5, 1);
const day = (n: number) => new Date(BASE + n * MS_PER_DAY).toISOString().slice(0, 10);

/** Instants that sit on local-day edges of common offsets, so that boundaries are hit often. */
const EDGES = [
  0,
  1,
  MS_PER_DAY - 1,
  5 * 3_600_000,
  18.5 * 3_600_000 - 1,
  18.5 * 3_600_000,
  15 * 3_600_000,
  43_200_000,
];
const startTime = fc.oneof(
  fc.integer({ min: -3 * MS_PER_DAY, max: 16 * MS_PER_DAY }),
  fc.tuple(fc.integer({ min: -3, max: 15 }), fc.constantFrom(...EDGES)).map(([d, ms]) => d * MS_PER_DAY + ms),
);
const verdict = fc.constantFrom(Verdict.Passed, Verdict.Passed, Verdict.Failed, Verdict.Aborted);
/** A run as unit index, product index (0 or 1), test index within the product, time, result. */
const runArb = fc.record({
  unit: fc.integer({ min: 1, max: 12 }),
  product: fc.integer({ min: 0, max: 1 }),
  test: fc.integer({ min: 0, max: 1 }),
  at: startTime,
  result: verdict,
});
const quarterHourOffset = fc.integer({ min: -48, max: 56 }).map((q) => q / 4 + 0);
const rangeArb = fc.record({
  first: fc.integer({ min: -4, max: 15 }),
  length: fc.integer({ min: 0, max: 17 }),
  zone: fc.oneof(quarterHourOffset, fc.constantFrom(-5, 9, 5.5, 5.75, -3.5, 14, -12)),
});
type Range = { first: number; length: number; zone: number };
type RunSpec = typeof runArb extends fc.Arbitrary<infer R> ? R : never;

interface Account {
  t: TestApp;
  id: number;
  token: Parameters<typeof editorApi>[1];
  products: number[];
  /** By product: its tests (the second product has one). */
  seqs: number[][];
}

async function newAccount(t: TestApp): Promise<Account> {
  const manager = await createManager(t);
  const operator = await createMember(t, manager.accountId, Role.Operator);
  const acct = manager.accountId!;
  const products = [await insertProduct(t, acct, 'P'), await insertProduct(t, acct, 'Q')];
  const seqs = [
    [await insertSeq(t, acct, products[0]!, 'P1', 1, 1), await insertSeq(t, acct, products[0]!, 'P2', 1, 2)],
    [await insertSeq(t, acct, products[1]!, 'Q1', 1, 1)],
  ];
  return { t, id: acct, token: operator, products, seqs };
}

function fixtureRuns(a: Account, runs: RunSpec[]): FixtureRun[] {
  return runs.map((r) => {
    const tests = a.seqs[r.product]!;
    return {
      sn: `S-${r.unit}`,
      productId: a.products[r.product]!,
      seqId: tests[r.test % tests.length]!,
      start: BASE + r.at,
      result: r.result,
    };
  });
}

/** Every report of the account for the range, through HTTP and from the pure definitions. */
async function compare(a: Account, all: RunRecord[], range: Range): Promise<void> {
  const api = editorApi(() => a.t, a.token);
  const startDate = day(range.first);
  const stopDate = day(range.first + range.length);
  const { start_time, stop_time } = dayRange(startDate, stopDate, range.zone);
  const q = `start_time=${start_time}&stop_time=${stop_time}&zone_offset=${range.zone}`;
  const r = { startDate, stopDate, zoneOffset: range.zone };
  for (const productId of [ALL_PRODUCTS, ...a.products]) {
    const got = await ok(api.get(`/report/daily_test_unit_count?product_id=${productId}&${q}`));
    expect(got).toEqual(dailyTestedUnits(all, { ...r, productId }));
  }
  for (const seqId of a.seqs.flat()) {
    expect(await ok(api.get(`/report/daily_pass_rate?seq_id=${seqId}&${q}`))).toEqual(
      dailyPassRate(all, { ...r, seqId }),
    );
    expect(await ok(api.get(`/report/sn_pass_yield?seq_id=${seqId}&is_first=1&${q}`))).toEqual(
      firstTimePassYield(all, { ...r, seqId }),
    );
    expect(await ok(api.get(`/report/sn_pass_yield?seq_id=${seqId}&is_first=0&${q}`))).toEqual(
      throughputYield(all, { ...r, seqId }),
    );
  }
}

// hundreds of report calls per case: on a 2-core machine shared with other suites they take a while
jest.setTimeout(120_000);

describeEachDatabase('daily reports equal the domain definitions (docs/domain.md "Reports")', (t) => {
  it('on a fixed fixture of 600 runs, for many offsets and ranges', async () => {
    const a = await newAccount(t());
    const runs = fc.sample(runArb, { numRuns: 600, seed: 20_251_123 });
    await insertRuns(t(), a.id, fixtureRuns(a, runs));
    const all = await runRecords(t(), a.id);
    expect(all).toHaveLength(600);
    for (const zone of [-12, -5, -3.5, 0, 5.5, 5.75, 9, 12.75, 14]) {
      await compare(a, all, { first: -4, length: 21, zone });
      await compare(a, all, { first: 3, length: 0, zone });
    }
  });

  it('on random fixtures, offsets and ranges', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(runArb, { minLength: 0, maxLength: 300 }),
        fc.array(rangeArb, { minLength: 1, maxLength: 3 }),
        async (runs, ranges) => {
          const a = await newAccount(t());
          // in three uploads, so that the roll-up merges new runs into its rows of earlier ones
          const fixture = fixtureRuns(a, runs);
          const third = Math.ceil(fixture.length / 3);
          for (let i = 0; i < fixture.length; i += third)
            await insertRuns(t(), a.id, fixture.slice(i, i + third));
          const all = await runRecords(t(), a.id);
          for (const range of ranges) await compare(a, all, range);
        },
      ),
      { numRuns: 8, seed: 7 },
    );
  });
});
