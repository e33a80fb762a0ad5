import type { RunnerSeq, RunUploadAnswer, SnReport, TraceData } from '@sweepline/domain';
import { madeWithOlderVersion, Role } from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { createManager, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { editorApi, ok, saveParam, seqVersion } from '../editor/testing/editor-api';
import type { Line, LineTest } from '../runner/testing/runner-fixtures';
import {
  addSerialNumbers,
  FAIL_STEPS,
  PASS_STEPS,
  productWithTests,
  runOf,
} from '../runner/testing/runner-fixtures';

describeEachDatabase(
  'test results and traces (docs/requirements/results.md#calls, docs/requirements/storage.md#traces)',
  (t) => {
    let manager: Member;
    let operator: Member;
    let stranger: Member;
    let line: Line;
    let other: Line;
    let a: LineTest;
    let b: LineTest;
    const api = () => editorApi(t, operator);
    const upload = async (run: Parameters<typeof runOf>[2] & object, test: LineTest, sn: string) =>
      (await ok<RunUploadAnswer>(api().post('/runner/runs', runOf(test, sn, run)))).run_id;
    const report = (query: string) => ok<SnReport>(api().get(`/report/sn?${query}`));

    beforeAll(async () => {
      manager = await createManager(t());
      operator = await createMember(t(), manager.accountId, Role.Operator, 'Olive Operator');
      stranger = await createManager(t());
      line = await productWithTests(editorApi(t, manager), 'Filter', [1, 1]);
      other = await productWithTests(editorApi(t, manager), 'Duplexer', [1]);
      [a, b] = line.tests as [LineTest, LineTest];
      await addSerialNumbers(api(), line.product.id, ['R-1', 'TWICE', 'QUIET']);
      await addSerialNumbers(api(), other.product.id, ['TWICE']);
    });

    it("answers a serial number's runs in the spec's shape, newest first, latest of each test or all", async () => {
      const first = await upload({ result: 0 }, a, 'R-1');
      const second = await upload({}, a, 'R-1');
      const third = await upload({}, b, 'R-1');
      const all = await report('sn=R-1&is_all=1');
      // the spec's fields, then ours: how many products hold the serial number
      expect(Object.keys(all)).toEqual(['sn', 'productId', 'productName', 'reports', 'productCount']);
      expect(all.productCount).toBe(1);
      expect(all).toMatchObject({ sn: 'R-1', productId: line.product.id, productName: 'Filter' });
      expect(all.reports.map((r) => [r.runId, r.seqId, r.runNo, r.result])).toEqual([
        [third, b.id, 1, 1],
        [second, a.id, 2, 1],
        [first, a.id, 1, 0],
      ]);
      const [historyRow] = await t().dataSource.query(
        `SELECT h.id FROM sn_stage_history h JOIN serial_number s ON s.id = h.serial_number_id
        WHERE s.sn = 'R-1' AND h.reason = 'add'`,
      );
      expect(all.reports[2]).toEqual({
        runId: first,
        seqId: a.id,
        snStageHistoryId: historyRow.id,
        runNo: 1,
        startTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        seqName: a.name,
        seqVersion: a.version,
        currentSeqVersion: a.version,
        result: 0,
        userName: 'Olive Operator',
        steps: FAIL_STEPS,
        release: null,
      });
      expect(all.reports[0]!.steps).toEqual(PASS_STEPS);
      const latest = await report('sn=R-1&is_all=0');
      expect(latest.reports.map((r) => r.runId)).toEqual([third, second]);
      expect((await report('sn=%20R-1%20')).reports).toEqual(latest.reports);
    });

    it('answers the product tested last when several hold the serial number; product_id picks one', async () => {
      const rows = await report('sn=TWICE');
      expect([rows.productName, rows.reports]).toEqual(['Duplexer', []]);
      await upload({}, other.tests[0]!, 'TWICE');
      await upload({}, a, 'TWICE');
      expect((await report('sn=TWICE')).productName).toBe('Filter');
      const chosen = await report(`sn=TWICE&product_id=${other.product.id}`);
      expect([chosen.productName, chosen.reports.map((r) => r.seqId)]).toEqual([
        'Duplexer',
        [other.tests[0]!.id],
      ]);
      expect((await report('sn=QUIET')).reports).toEqual([]);
    });

    it("answers the test's version each run was made with, and its version now", async () => {
      const versioned = await productWithTests(editorApi(t, manager), 'Versioned', [1]);
      const test = versioned.tests[0]!;
      await addSerialNumbers(api(), versioned.product.id, ['V-1']);
      const before = await upload({ result: 0 }, test, 'V-1');
      // an edit of a step makes a new version of the test: the run keeps the one it was made with
      const seq = await ok<RunnerSeq>(editorApi(t, manager).get(`/runner/seqs/${test.id}`));
      await saveParam(editorApi(t, manager), seq.steps[0]!.id, seq.steps[0]!.param);
      const now = await seqVersion(t, test.id);
      expect(now).toBeGreaterThan(test.version);
      const after = await upload({}, { ...test, version: now }, 'V-1');
      const { reports } = await report('sn=V-1&is_all=1');
      expect(
        reports.map((r) => [r.runId, r.seqVersion, r.currentSeqVersion, madeWithOlderVersion(r)]),
      ).toEqual([
        [after, now, now, false],
        [before, test.version, now, true],
      ]);
    });

    it('refuses an empty search and serial numbers it cannot see', async () => {
      const cases: [string, Member, number, string][] = [
        ['sn=', operator, 400, 'sn: Enter serial number'],
        ['sn=%20', operator, 400, 'sn: Enter serial number'],
        ['is_all=1', operator, 400, 'sn must be a string'],
        ['sn=R-1&is_all=2', operator, 400, 'is_all must be one of the following values: 0, 1'],
        ['sn=r-1', operator, 404, 'Serial number r-1 not found'],
        [`sn=R-1&product_id=${other.product.id}`, operator, 404, 'Serial number R-1 not found'],
        ['sn=R-1', stranger, 404, 'Serial number R-1 not found'],
      ];
      for (const [query, member, status, msg] of cases) {
        const res = await editorApi(t, member).get(`/report/sn?${query}`);
        expect([res.status, res.body.msg]).toEqual([status, msg]);
      }
      expect((await editorApi(t).get('/report/sn?sn=R-1')).status).toBe(401);
    });

    it('keeps traces of report-marked and failed steps in float32, and returns them decoded', async () => {
      const freqs = Array.from({ length: 20_001 }, (_, i) => 800 + i * 0.005);
      const values = freqs.map((f) => -0.1 - Math.sin(f) / 3);
      const extra = { ...PASS_STEPS[1]!, title: 'Extra' };
      const run = runOf(a, 'QUIET', {
        result: 0,
        steps: [...FAIL_STEPS, extra, extra, extra],
        traces: [
          { step_index: 1, freqs_MHz: freqs, values, report: true },
          { step_index: 2, freqs_MHz: freqs, values },
          { step_index: 3, freqs_MHz: freqs, values, report: false },
          { step_index: 4, freqs_MHz: [1, 2], values: [3, 4], report: true },
          { step_index: 5, freqs_MHz: freqs, values },
        ],
      });
      // full traces take more than the 2 MB of other calls
      expect(JSON.stringify(run).length).toBeGreaterThan(2 * 1024 * 1024);
      const { run_id: runId } = await ok<RunUploadAnswer>(api().post('/runner/runs', run));
      const traces = await ok<TraceData[]>(api().get(`/runs/${runId}/traces`));
      expect(traces.map((tr) => tr.stepIndex)).toEqual([1, 2, 4]);
      expect(traces[2]).toEqual({ stepIndex: 4, freqs_MHz: [1, 2], values: [3, 4] });
      expect(traces[0]!.freqs_MHz).toEqual(freqs.map(Math.fround));
      expect(traces[0]!.values).toEqual(values.map(Math.fround));
      const [row] = await t().dataSource.query(
        'SELECT octet_length(freqs_mhz) AS n FROM run_trace WHERE run_id = $1 LIMIT 1',
        [runId],
      );
      expect(row.n).toBe(20_001 * 4);
      const cases: [string, Member, number, string][] = [
        [`/runs/${runId}/traces`, stranger, 404, 'Run not found'],
        ['/runs/999999999/traces', operator, 404, 'Run not found'],
        ['/runs/-1/traces', operator, 400, 'id: Invalid id'],
        ['/runs/99999999999999999/traces', operator, 400, 'id: Invalid id'],
      ];
      for (const [path, member, status, msg] of cases) {
        const res = await editorApi(t, member).get(path);
        expect([res.status, res.body.msg]).toEqual([status, msg]);
      }
      expect(
        await ok(api().get(`/runs/${(await report('sn=R-1&is_all=1')).reports[0]!.runId}/traces`)),
      ).toEqual([]);
    });
  },
);
