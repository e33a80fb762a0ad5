import { SPC_LIMITS, type SpcAlarm, type SpcAlarmPage } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { BEFORE_ID_MSG } from './dto/spc.dto';
import { createEditorMembers, editorApi, expectRefusals, ok } from '../editor/testing/editor-api';
import { productWithTests, type Line } from '../runner/testing/runner-fixtures';

const PAGE = SPC_LIMITS.pageSize;

/** Where the alarms are: more than two pages in all, one filter exactly a page, and another account's between them. */
const ALARMS_PER_TEST = { filterT1: 60, filterT2: 45, plug: 50, foreign: 15 };

interface Stored {
  id: number;
  productId: number;
  seqId: number;
  open: boolean;
}

describeEachDatabase('the SPC alarms list, a page at a time (docs/api/spc.md)', (t) => {
  let operator: Member;
  let stranger: Member;
  let filter: Line;
  let plug: Line;
  let foreign: Line;
  /** The account's alarms, newest first, as the database holds them. */
  let stored: Stored[];
  const api = (member: Member) => editorApi(t, member);

  /**
   * Every page of the list for the query, followed by nextBeforeId; each page is checked to be
   * full but the last, and to point below its own last alarm.
   */
  async function walk(query: Record<string, string | number> = {}, member = operator): Promise<SpcAlarm[]> {
    const shown: SpcAlarm[] = [];
    let beforeId: number | null | undefined;
    do {
      const params = new URLSearchParams(
        Object.entries({ ...query, ...(beforeId ? { before_id: beforeId } : {}) }).map(
          ([k, v]): [string, string] => [k, String(v)],
        ),
      );
      const page = await ok<SpcAlarmPage>(api(member).get(`/spc/alarms?${params}`));
      expect(page.alarms.length).toBeLessThanOrEqual(PAGE);
      if (page.nextBeforeId !== null) {
        expect(page.alarms).toHaveLength(PAGE);
        expect(page.nextBeforeId).toBe(page.alarms.at(-1)!.id);
      }
      shown.push(...page.alarms);
      beforeId = page.nextBeforeId;
    } while (beforeId !== null);
    return shown;
  }

  /**
   * Inserts the alarms of each test interleaved (round robin), one a minute, every third
   * acknowledged: the list's paging is what is tested here, how alarms open is spc.int-spec's.
   */
  async function insertAlarms(accountOf: Map<number, number>, perSeq: [Line, number, number][]) {
    const rows: { account: number; product: number; seq: number; ack: boolean }[] = [];
    for (let i = 0; perSeq.some(([, , count]) => count > i); i++)
      for (const [line, seqIndex, count] of perSeq)
        if (i < count)
          rows.push({
            account: accountOf.get(line.product.id)!,
            product: line.product.id,
            seq: line.tests[seqIndex]!.id,
            ack: rows.length % 3 === 2,
          });
    await t().dataSource.query(
      `INSERT INTO spc_alarm (account_id, product_id, seq_id, title, opened_at, opened_run_id,
                              violation_count, acknowledged_at, acknowledged_by_name, note)
       SELECT r.account, r.product, r.seq, 'Insertion Loss Max',
              timestamptz '2026-11-01T00:00:00Z' + make_interval(mins => r.n::int), 1, 1,
              CASE WHEN r.ack THEN timestamptz '2026-11-20T00:00:00Z' END,
              CASE WHEN r.ack THEN 'Ann' END, CASE WHEN r.ack THEN 'Probe cleaned' END
         FROM jsonb_to_recordset($1::jsonb) AS r(n int, account int, product int, seq int, ack boolean)
        ORDER BY r.n`,
      [JSON.stringify(rows.map((row, n) => ({ n, ...row })))],
    );
  }

  beforeAll(async () => {
    const members = await createEditorMembers(t());
    operator = members.operator;
    stranger = members.stranger;
    filter = await productWithTests(api(members.manager), 'Filter', [1, 2]);
    plug = await productWithTests(api(members.manager), 'Plug', [1]);
    foreign = await productWithTests(api(stranger), 'Foreign', [1]);
    const accountOf = new Map<number, number>([
      [filter.product.id, operator.accountId!],
      [plug.product.id, operator.accountId!],
      [foreign.product.id, stranger.accountId!],
    ]);
    await insertAlarms(accountOf, [
      [filter, 0, ALARMS_PER_TEST.filterT1],
      [filter, 1, ALARMS_PER_TEST.filterT2],
      [plug, 0, ALARMS_PER_TEST.plug],
      [foreign, 0, ALARMS_PER_TEST.foreign],
    ]);
    stored = (
      await t().dataSource.query(
        `SELECT id, product_id AS "productId", seq_id AS "seqId", acknowledged_at IS NULL AS open
           FROM spc_alarm WHERE account_id = $1 ORDER BY id DESC`,
        [operator.accountId],
      )
    ).map((row: Stored) => ({ ...row, id: Number(row.id) }));
  });

  it('pages through every alarm once, newest first, 50 a page, the last page short', async () => {
    const shown = await walk();
    expect(shown.map((a) => a.id)).toEqual(stored.map((a) => a.id));
    expect(new Set(shown.map((a) => a.id)).size).toBe(shown.length);
    expect(shown).toHaveLength(ALARMS_PER_TEST.filterT1 + ALARMS_PER_TEST.filterT2 + ALARMS_PER_TEST.plug);
    const opened = shown.map((a) => a.openedAt);
    expect(opened).toEqual([...opened].sort().reverse());
  });

  it('combines every filter with paging: each page holds only what the filters name', async () => {
    const cases: [Record<string, string | number>, (a: Stored) => boolean][] = [
      [{ product_id: filter.product.id }, (a) => a.productId === filter.product.id],
      [{ product_id: filter.product.id, state: 'open' }, (a) => a.productId === filter.product.id && a.open],
      [{ seq_id: filter.tests[0]!.id }, (a) => a.seqId === filter.tests[0]!.id],
      [{ state: 'open' }, (a) => a.open],
      [{ state: 'acknowledged' }, (a) => !a.open],
      [
        { product_id: filter.product.id, seq_id: filter.tests[1]!.id, state: 'acknowledged' },
        (a) => a.seqId === filter.tests[1]!.id && !a.open,
      ],
    ];
    for (const [query, wanted] of cases) {
      const expected = stored.filter(wanted).map((a) => a.id);
      expect([query, (await walk(query)).map((a) => a.id)]).toEqual([query, expected]);
    }
    // the filters themselves cut more than a page in each of the first three cases
    expect(stored.filter(cases[1]![1]).length).toBeGreaterThan(PAGE);
  });

  it('ends with no next page when the filter holds exactly a page', async () => {
    const page = await ok<SpcAlarmPage>(api(operator).get(`/spc/alarms?product_id=${plug.product.id}`));
    expect(page.alarms).toHaveLength(ALARMS_PER_TEST.plug);
    expect(page.nextBeforeId).toBeNull();
  });

  it('answers an empty last page below the oldest alarm, and a page from any id as the bound', async () => {
    const oldest = stored.at(-1)!.id;
    expect(await ok<SpcAlarmPage>(api(operator).get(`/spc/alarms?before_id=${oldest}`))).toEqual({
      alarms: [],
      nextBeforeId: null,
    });
    const middle = stored[70]!.id;
    const page = await ok<SpcAlarmPage>(api(operator).get(`/spc/alarms?before_id=${middle}`));
    expect(page.alarms.map((a) => a.id)).toEqual(stored.slice(71, 71 + PAGE).map((a) => a.id));
  });

  it("pages another account's list without a single alarm of this one", async () => {
    const shown = await walk({}, stranger);
    expect(shown).toHaveLength(ALARMS_PER_TEST.foreign);
    expect(shown.every((a) => a.productId === foreign.product.id)).toBe(true);
    const below = await ok<SpcAlarmPage>(api(stranger).get(`/spc/alarms?before_id=${stored[0]!.id + 1000}`));
    expect(below.alarms.map((a) => a.id)).toEqual(shown.map((a) => a.id));
  });

  it('refuses a bad page parameter with 400 and a message naming it', async () => {
    const bad = (query: string) => () => api(operator).get(`/spc/alarms?${query}`);
    const beforeId = `before_id: ${BEFORE_ID_MSG}`;
    await expectRefusals([
      [bad('before_id=0'), 400, beforeId],
      [bad('before_id=-5'), 400, beforeId],
      [bad('before_id=abc'), 400, beforeId],
      [bad('before_id=1.5'), 400, beforeId],
      [bad('before_id=07'), 400, beforeId],
      [bad('before_id='), 400, beforeId],
      [bad('before_id=99999999999'), 400, beforeId],
      [bad('before_id=5&before_id=9'), 400, beforeId],
      [bad('page=2'), 400, 'page: property page should not exist'],
      [bad('limit=500'), 400, 'limit: property limit should not exist'],
    ]);
  });
});
