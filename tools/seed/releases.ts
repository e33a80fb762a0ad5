/**
 * Releases of the seed's tests (issue 39, docs/seed.md "Releases"): the rows of seq_release, as
 * the API would have left them, and for each test the spans of time in which each release was
 * the one the runner ran, so every seeded run names the release it ran (run.release_no).
 */
import type { ReleaseContent, ReleaseKind, ReleaseState } from '@sweepline/domain';
import { canonicalJson } from '@sweepline/domain';
import type { Client } from 'pg';
import type { ProductSpec, TestSpec } from './catalogue';
import type { BuiltProduct, BuiltTest } from './tests';
import { buildSteps, calibrationOf } from './tests';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A release needing approval is approved this long after it was made. */
const APPROVAL_DELAY = 40 * 60_000;

/** How a release's content differs from the test's draft as the catalogue seeds it. */
export interface OlderContent {
  /** Parameters it had then, by the step's index in the test's spec (set over the spec's own). */
  params?: Readonly<Record<number, Record<string, unknown>>>;
  /** Indexes (in the test's spec) of steps added after it. */
  without?: readonly number[];
}

/** One release of a seeded test's history, oldest first; its number is its place in the list. */
export interface ReleaseSpec {
  /** Made this many days before the seed's day, at this hour (UTC). */
  daysAgo: number;
  hour: number;
  note: string;
  /** Still waiting for a manager's approval (else approved 40 minutes after it was made). */
  waiting?: boolean;
  /** A rollback to this (older) release's content. */
  rollbackTo?: number;
  /** Its content when it is not the draft's (absent: the draft's). */
  older?: OlderContent;
}

/** A test's history, named by product and test as the catalogue names them. */
export interface TestHistory {
  product: string;
  test: string;
  releases: readonly ReleaseSpec[];
}

export interface Person {
  id: number | null;
  name: string;
}

/** A row of seq_release. */
export interface ReleaseRow {
  seqId: number;
  no: number;
  seqVersion: number;
  content: ReleaseContent;
  kind: ReleaseKind;
  state: ReleaseState;
  note: string;
  rolledBackFrom: number | null;
  createdBy: Person;
  createdAt: Date;
  decidedBy: Person | null;
  decidedAt: Date | null;
}

/**
 * A span of time in which the runner ran one release of a test: [from, until). Before the first
 * release, runs name none ("before releases") and ran what became release 1.
 */
export interface ReleaseEra {
  from: Date | null;
  until: Date | null;
  releaseNo: number | null;
  seqVersion: number;
  content: ReleaseContent;
}

/** What the seeded tests' drafts become: their version and who changed them last, when. */
export interface DraftState {
  seqId: number;
  version: number;
  updatedBy: string;
  updatedAt: Date;
}

/** The draft's content as the seed inserts it (the API's release content of it is the same). */
export const draftContent = (test: BuiltTest): ReleaseContent => ({
  steps: test.steps,
  cals: [calibrationOf(test.spec)],
});

/** An older content of the test: its spec with older parameters and without later steps. */
export function olderContent(test: BuiltTest, product: ProductSpec, older: OlderContent): ReleaseContent {
  const without = new Set(older.without ?? []);
  const kept = test.spec.steps.map((_, i) => i).filter((i) => !without.has(i));
  if (without.size > 0 && test.spec.steps.some((s) => s.bind !== undefined || s.diff !== undefined)) {
    // a step's bind and diff name other steps by index: leaving steps out would move them
    throw new Error(
      `Seed test ${test.spec.name}: an older content leaves out steps of a test with linked steps`,
    );
  }
  const spec: TestSpec = {
    ...test.spec,
    steps: kept.map((i) => {
      const step = test.spec.steps[i]!;
      return { ...step, param: { ...step.param, ...older.params?.[i] } };
    }),
  };
  return {
    steps: buildSteps(
      spec,
      product,
      kept.map((i) => test.steps[i]!.id),
    ),
    cals: [calibrationOf(test.spec)],
  };
}

const sameContent = (a: ReleaseContent, b: ReleaseContent) => canonicalJson(a) === canonicalJson(b);

/**
 * A test's releases as rows, and its draft's state: each change of content before a release was
 * an edit of the draft (its version + 1), made by the release's author a few minutes before it;
 * a rollback takes the content and version of the release it goes back to, and puts the draft
 * back to that content (an edit too).
 */
export function historyRows(
  test: BuiltTest,
  product: ProductSpec,
  releases: readonly ReleaseSpec[],
  o: { day: Date; author: Person; approver: Person },
): { rows: ReleaseRow[]; draft: DraftState } {
  const rows: ReleaseRow[] = [];
  let version = 1;
  let content = draftContent(test);
  const draft: DraftState = { seqId: test.id, version: 1, updatedBy: '', updatedAt: new Date(0) };
  releases.forEach((spec, i) => {
    const createdAt = new Date(o.day.getTime() - spec.daysAgo * DAY + spec.hour * HOUR);
    const back = spec.rollbackTo === undefined ? undefined : rows[spec.rollbackTo - 1];
    if (spec.rollbackTo !== undefined && (!back || back.state !== 'released')) {
      throw new Error(`Seed test ${test.spec.name}: release ${i + 1} rolls back to no released one`);
    }
    const next = back?.content ?? (spec.older ? olderContent(test, product, spec.older) : draftContent(test));
    if (i === 0) content = next;
    else if (!sameContent(next, content)) {
      version += 1;
      content = next;
      Object.assign(draft, {
        version,
        updatedBy: o.author.name,
        updatedAt: new Date(createdAt.getTime() - 5 * 60_000),
      });
    }
    rows.push({
      seqId: test.id,
      no: i + 1,
      seqVersion: back?.seqVersion ?? version,
      content: next,
      kind: back ? 'rollback' : 'explicit',
      state: spec.waiting ? 'waiting' : 'released',
      note: spec.note,
      rolledBackFrom: spec.rollbackTo ?? null,
      createdBy: o.author,
      createdAt,
      decidedBy: spec.waiting ? null : o.approver,
      decidedAt: spec.waiting ? null : new Date(createdAt.getTime() + APPROVAL_DELAY),
    });
  });
  if (!sameContent(content, draftContent(test))) {
    throw new Error(`Seed test ${test.spec.name}: its newest release's content is not its draft's`);
  }
  return { rows, draft };
}

/** Each test as the migration that introduced releases leaves it: release 1, its content then. */
export function migrationRows(products: readonly BuiltProduct[], at: Date): ReleaseRow[] {
  return products.flatMap((p) =>
    p.tests.map((test) => ({
      seqId: test.id,
      no: 1,
      seqVersion: 1,
      content: draftContent(test),
      kind: 'migration' as const,
      state: 'released' as const,
      note: 'The test as it was when releases were introduced',
      rolledBackFrom: null,
      createdBy: { id: null, name: 'Sweepline' },
      createdAt: at,
      decidedBy: null,
      decidedAt: null,
    })),
  );
}

/** The spans in which each release of one test was the runnable one (the newest released then). */
export function erasOf(rows: readonly ReleaseRow[]): ReleaseEra[] {
  const released = rows
    .filter((r) => r.state === 'released')
    .map((r) => ({ row: r, from: r.decidedAt ?? r.createdAt }))
    .sort((a, b) => a.from.getTime() - b.from.getTime());
  if (released.length === 0) throw new Error('A seeded test has no released release');
  const first = released[0]!.row;
  const before: ReleaseEra = {
    from: null,
    until: released[0]!.from,
    releaseNo: null,
    seqVersion: first.seqVersion,
    content: first.content,
  };
  return [
    before,
    ...released.map(({ row, from }, i) => ({
      from,
      until: released[i + 1]?.from ?? null,
      releaseNo: row.no,
      seqVersion: row.seqVersion,
      content: row.content,
    })),
  ];
}

/** Inserts the rows in one statement; returns their ids, in the rows' order. */
export async function insertReleases(
  db: Client,
  accountId: number,
  rows: readonly ReleaseRow[],
): Promise<number[]> {
  const { rows: inserted } = await db.query<{ id: number; seq_id: number; no: number }>(
    `INSERT INTO seq_release (account_id, seq_id, no, seq_version, content, kind, state, note, rolled_back_from,
                              created_by_id, created_by_name, created_at, decided_by_id, decided_by_name, decided_at)
     SELECT $1, x.seq_id, x.no, x.seq_version, x.content, x.kind, x.state, x.note, x.rolled_back_from,
            x.created_by_id, x.created_by_name, x.created_at, x.decided_by_id, x.decided_by_name, x.decided_at
       FROM jsonb_to_recordset($2::jsonb) AS x(seq_id int, no int, seq_version int, content jsonb, kind text,
            state text, note text, rolled_back_from int, created_by_id int, created_by_name text,
            created_at timestamptz, decided_by_id int, decided_by_name text, decided_at timestamptz)
     RETURNING id, seq_id, no`,
    [
      accountId,
      JSON.stringify(
        rows.map((r) => ({
          seq_id: r.seqId,
          no: r.no,
          seq_version: r.seqVersion,
          content: r.content,
          kind: r.kind,
          state: r.state,
          note: r.note,
          rolled_back_from: r.rolledBackFrom,
          created_by_id: r.createdBy.id,
          created_by_name: r.createdBy.name,
          created_at: r.createdAt,
          decided_by_id: r.decidedBy?.id ?? null,
          decided_by_name: r.decidedBy?.name ?? null,
          decided_at: r.decidedAt,
        })),
      ),
    ],
  );
  const ids = new Map(inserted.map((r) => [`${r.seq_id}:${r.no}`, r.id]));
  return rows.map((r) => ids.get(`${r.seqId}:${r.no}`)!);
}

/** The drafts' versions and last changes, where a release's edit changed them. */
export async function updateDrafts(db: Client, drafts: readonly DraftState[]): Promise<void> {
  const edited = drafts.filter((d) => d.version > 1);
  if (edited.length === 0) return;
  await db.query(
    `UPDATE seq SET version = x.version, update_user_name = x.by, update_time = x.at
       FROM jsonb_to_recordset($1::jsonb) AS x(seq_id int, version int, by text, at timestamptz)
      WHERE seq.id = x.seq_id`,
    [
      JSON.stringify(
        edited.map((d) => ({ seq_id: d.seqId, version: d.version, by: d.updatedBy, at: d.updatedAt })),
      ),
    ],
  );
}

/**
 * Every test's history: its own if `histories` names it, else `first` alone. A history naming a
 * product or test the catalogue does not have throws.
 */
export function historiesOf(
  products: readonly BuiltProduct[],
  histories: readonly TestHistory[],
  first: ReleaseSpec,
  o: { day: Date; author: Person; approver: Person },
): { rows: ReleaseRow[]; drafts: DraftState[] } {
  const tests = products.flatMap((p) => p.tests.map((test) => ({ product: p, test })));
  for (const h of histories) {
    if (!tests.some(({ product, test }) => product.spec.name === h.product && test.spec.name === h.test)) {
      throw new Error(`The release history names ${h.product} / ${h.test}, which the seed does not make`);
    }
  }
  const made = tests.map(({ product, test }) => {
    const own = histories.find((h) => h.product === product.spec.name && h.test === test.spec.name);
    return historyRows(test, product.spec, own?.releases ?? [first], o);
  });
  return { rows: made.flatMap((m) => m.rows), drafts: made.map((m) => m.draft) };
}

/** Each test's eras, by test id. */
export function erasByTest(rows: readonly ReleaseRow[]): Map<number, ReleaseEra[]> {
  const bySeq = new Map<number, ReleaseRow[]>();
  for (const row of rows) bySeq.set(row.seqId, [...(bySeq.get(row.seqId) ?? []), row]);
  return new Map([...bySeq].map(([seqId, own]) => [seqId, erasOf(own)]));
}
