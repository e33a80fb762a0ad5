/**
 * The release history's rules without a database: contents, versions, eras and the limits an
 * older release's runs store. The seeded rows themselves: seed.spec.ts.
 */
import { canonicalJson, type StepResult } from '@sweepline/domain';
import { DEMO_PRODUCTS } from './demo-products';
import { DEMO_HISTORY, FIRST_RELEASE } from './demo-releases';
import { changedLimits, rowsUnder } from './release-rows';
import type { ReleaseRow } from './releases';
import { draftContent, erasOf, historiesOf, historyRows } from './releases';
import { templates } from './results';
import type { BuiltProduct } from './tests';
import { buildSteps } from './tests';

const DAY = new Date('2026-11-29T00:00:00Z');
const PEOPLE = { day: DAY, author: { id: 2, name: 'Eli Editor' }, approver: { id: 1, name: 'Dana Demo' } };

/** The demo's products built as the seed builds them, with made-up ids. */
function built(): BuiltProduct[] {
  let next = 1;
  return DEMO_PRODUCTS.map((spec, p) => ({
    id: p + 1,
    spec,
    tests: spec.tests.map((test, t) => ({
      id: 100 * (p + 1) + t,
      productIndex: p,
      spec: test,
      steps: buildSteps(
        test,
        spec,
        test.steps.map(() => next++),
      ),
    })),
  }));
}

const products = built();
const testNamed = (product: string, test: string) =>
  products.find((p) => p.spec.name === product)!.tests.find((t) => t.spec.name === test)!;
const demo = historiesOf(products, DEMO_HISTORY, FIRST_RELEASE, PEOPLE);
const rowsOf = (seqId: number) => demo.rows.filter((r) => r.seqId === seqId);
const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

describe("the demo's release history", () => {
  it('releases every test a month ago, by the editor, approved by the manager 40 minutes later', () => {
    for (const test of products.flatMap((p) => p.tests)) {
      const first = rowsOf(test.id)[0]!;
      expect(first).toMatchObject({
        no: 1,
        kind: 'explicit',
        state: 'released',
        note: 'First release for production',
        createdBy: PEOPLE.author,
        decidedBy: PEOPLE.approver,
        createdAt: new Date('2026-10-30T07:00:00Z'),
        decidedAt: new Date('2026-10-30T07:40:00Z'),
      });
    }
  });

  it("ends each test's releases at its draft: the newest released one, or the waiting one", () => {
    for (const test of products.flatMap((p) => p.tests)) {
      const rows = rowsOf(test.id);
      const newest = rows[rows.length - 1]!;
      expect([test.spec.name, same(newest.content, draftContent(test))]).toEqual([test.spec.name, true]);
      const released = rows.filter((r) => r.state === 'released');
      const differs = !same(released[released.length - 1]!.content, draftContent(test));
      expect([test.spec.name, differs]).toEqual([test.spec.name, test.spec.name === 'Final inspection']);
    }
  });

  it('has one rollback to an older release, and one release waiting since yesterday', () => {
    const rollbacks = demo.rows.filter((r) => r.kind === 'rollback');
    expect(rollbacks).toHaveLength(1);
    const [back] = rollbacks;
    const target = rowsOf(back!.seqId).find((r) => r.no === back!.rolledBackFrom)!;
    expect(back!.rolledBackFrom).toBeLessThan(back!.no);
    expect(same(back!.content, target.content)).toBe(true);
    expect(back!.seqVersion).toBe(target.seqVersion);
    const waiting = demo.rows.filter((r) => r.state === 'waiting');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({
      decidedBy: null,
      decidedAt: null,
      createdAt: new Date('2026-11-28T15:00:00Z'),
    });
  });

  it('differs from the older release where the note says: a limit, a step, a gating', () => {
    const stopBand = rowsOf(testNamed('BPF-600', 'Stop band').id);
    const attenuation = (r: ReleaseRow) => r.content.steps[4]!.param as unknown as { lower: number };
    expect(stopBand.map(attenuation).map((p) => p.lower)).toEqual([38, 35]);
    const rf = rowsOf(testNamed('CA-300', 'RF check').id);
    expect(rf.map((r) => r.content.steps.length)).toEqual([3, 4]);
    const gated = rowsOf(testNamed('DC-20', 'Directivity').id).map(
      (r) => (r.content.steps[1]!.param as unknown as { isGating: boolean }).isGating,
    );
    expect(gated).toEqual([false, true, false]);
  });

  it("counts the draft's edits in its version: one per change of content, the rollback's too", () => {
    const version = (product: string, test: string) =>
      demo.drafts.find((d) => d.seqId === testNamed(product, test).id)!.version;
    expect(version('BPF-600', 'Pass band')).toBe(1);
    expect(version('BPF-600', 'Stop band')).toBe(2);
    expect(version('DC-20', 'Directivity')).toBe(3);
    const directivity = rowsOf(testNamed('DC-20', 'Directivity').id).map((r) => r.seqVersion);
    expect(directivity).toEqual([1, 2, 1]);
  });

  it('refuses a history naming a test the seed does not make, or rolling back to a waiting release', () => {
    expect(() =>
      historiesOf(
        products,
        [{ product: 'BPF-600', test: 'Nope', releases: [FIRST_RELEASE] }],
        FIRST_RELEASE,
        PEOPLE,
      ),
    ).toThrow('The release history names BPF-600 / Nope, which the seed does not make');
    const test = testNamed('ANT-900', 'Match');
    expect(() =>
      historyRows(
        test,
        products[3]!.spec,
        [
          { ...FIRST_RELEASE, waiting: true },
          { ...FIRST_RELEASE, rollbackTo: 1 },
        ],
        PEOPLE,
      ),
    ).toThrow('Seed test Match: release 2 rolls back to no released one');
    expect(() =>
      historyRows(
        test,
        products[3]!.spec,
        [FIRST_RELEASE, { ...FIRST_RELEASE, older: { params: { 1: { upper: 1.4 } } } }],
        PEOPLE,
      ),
    ).toThrow("Seed test Match: its newest release's content is not its draft's");
    const linked = testNamed('BPF-600', 'Stop band');
    expect(() =>
      historyRows(
        linked,
        products[0]!.spec,
        [{ ...FIRST_RELEASE, older: { without: [0] } }, FIRST_RELEASE],
        PEOPLE,
      ),
    ).toThrow('an older content leaves out steps of a test with linked steps');
  });
});

describe('eras: the release the runner ran when', () => {
  it('runs nothing released before release 1, then each approved release until the next, never a waiting one', () => {
    const eras = erasOf(rowsOf(testNamed('BPF-600', 'Final inspection').id));
    expect(
      eras.map((e) => [e.from?.toISOString() ?? null, e.until?.toISOString() ?? null, e.releaseNo]),
    ).toEqual([
      [null, '2026-10-30T07:40:00.000Z', null],
      ['2026-10-30T07:40:00.000Z', null, 1],
    ]);
    const directivity = erasOf(rowsOf(testNamed('DC-20', 'Directivity').id));
    expect(directivity.map((e) => [e.releaseNo, e.seqVersion])).toEqual([
      [null, 1],
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
  });
});

describe('the rows an older release stores', () => {
  const test = testNamed('BPF-600', 'Final inspection');
  const [first] = rowsOf(test.id);
  const torque = (rows: StepResult[]) => rows.find((r) => r.title === 'Tuning screw torque')!;

  it("rewrites the changed step's limits, keeping every row's verdict", () => {
    const limits = changedLimits(test, first!.content);
    expect(limits).toEqual([{ row: 1, lower: 0.9, upper: 1.1, nominal: 1 }]);
    for (const template of templates(test, 8, 7)) {
      const rows = rowsUnder(template, limits);
      expect(rows.map((r) => r.result)).toEqual(template.steps.map((r) => r.result));
      if (rows.length < 2) continue;
      expect(torque(rows)).toMatchObject({ lower: 0.9, upper: 1.1 });
      const { result } = torque(rows);
      const value = torque(rows).value as number;
      expect(result === 1 ? value >= 0.9 && value <= 1.1 : value < 0.9 || value > 1.1).toBe(true);
    }
    expect(changedLimits(test, draftContent(test))).toEqual([]);
  });

  it('refuses older limits looser than a failing row', () => {
    const failing = templates(test, 8, 7).find((t) => t.result === 0 && torque(t.steps).result === 0)!;
    expect(() => rowsUnder(failing, [{ row: 1, lower: 0, upper: 5, nominal: 1 }])).toThrow(
      'Row Tuning screw torque: a failing value that the older limits pass (make them tighter)',
    );
  });
});
