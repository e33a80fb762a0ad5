import {
  controlPoints,
  judgeSeries,
  unpackControlChart,
  westernElectric,
  type ControlChartReply,
  type ControlChartReport,
  type FrozenLimits,
  type SpcAlarmPage,
  type StepResult,
} from '@sweepline/domain';
import type { Member } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { createEditorMembers, editorApi, ok, type EditorApi } from '../editor/testing/editor-api';
import {
  addSerialNumbers,
  PASS_STEPS,
  productWithTests,
  runOf,
  type Line,
} from '../runner/testing/runner-fixtures';
import { SPC_BASELINE as BASELINE, SPC_STEP as STEP } from '../spc/testing/spc-uploads';

// Issue 41: with frozen limits, the control chart's rule points and violations are the upload
// judge's (docs/measurements.md, "Frozen limits on the chart"); without them, the range's own.

/** Uploaded on 2025-11-21 and 22 after the freeze: a slow drift upwards. */
const DRIFT_21 = [0.83, 0.84, 0.83, 0.85, 0.84, 0.86];
const DRIFT_22 = [0.88, 0.9, 0.89, 0.91, 0.9, 0.92, 0.91, 0.93, 0.92, 0.95, 0.94, 0.96];
const ALL = [...BASELINE, ...DRIFT_21, ...DRIFT_22];

const day = (d: number) => Date.UTC(2025, 10, d);
const range = (from: number, to: number) =>
  `start_time=${day(from)}&stop_time=${day(to + 1) - 1}&zone_offset=0`;

let unit = 0;

/** Uploads a passed run with this Insertion Loss on a new serial number, at runOf's clock or `at`. */
async function upload(api: EditorApi, line: Line, value: number, at?: number): Promise<void> {
  const sn = `DRIFT-${++unit}`;
  await addSerialNumbers(api, line.product.id, [sn]);
  const steps: StepResult[] = PASS_STEPS.map((s) => (s.title === STEP ? { ...s, value } : s));
  const run = runOf(line.tests[0]!, sn, { steps });
  if (at !== undefined)
    Object.assign(run, { start_time: new Date(at).toISOString(), end_time: new Date(at).toISOString() });
  await ok(api.post('/runner/runs', run));
}

/** Each flagged point's run, unit and rules, in time order. */
const flagged = (report: ControlChartReport) =>
  controlPoints(report.points)
    .filter((p) => p.rules.length > 0)
    .map(({ runId, sn, rules }) => ({ runId, sn, rules }));

describeEachDatabase('the control chart judged against frozen limits (docs/api/reports.md)', (t) => {
  let manager: Member;
  let operator: Member;
  let frozenLine: Line;
  let twinLine: Line;
  let frozen: FrozenLimits;
  const api = (member: Member) => editorApi(t, member);
  // a reply sized by the screen comes packed, and is read as the screen reads it
  const chart = async (line: Line, query: string) =>
    unpackControlChart(
      await ok<ControlChartReply>(
        api(operator).get(
          `/report/control?seq_id=${line.tests[0]!.id}&step=${encodeURIComponent(STEP)}&${query}`,
        ),
      ),
    );
  /** The alarm's violations as the upload's judge stored them, in upload order. */
  const judged = async () => {
    const page = await ok<SpcAlarmPage>(api(operator).get(`/spc/alarms?seq_id=${frozenLine.tests[0]!.id}`));
    expect(page.alarms).toHaveLength(1);
    return page.alarms[0]!.violations.map(({ runId, sn, rules }) => ({ runId, sn, rules })).reverse();
  };

  beforeAll(async () => {
    let editor: Member;
    ({ manager, editor, operator } = await createEditorMembers(t()));
    frozenLine = await productWithTests(api(manager), 'Drifting', [1]);
    twinLine = await productWithTests(api(manager), 'Twin', [1]);
    for (const line of [frozenLine, twinLine])
      for (const value of BASELINE) await upload(api(operator), line, value);
    frozen = await ok<FrozenLimits>(
      api(editor).post('/spc/limits', {
        seq_id: String(frozenLine.tests[0]!.id),
        step: STEP,
        start_time: String(day(20)),
        stop_time: String(day(21) - 1),
        zone_offset: '0',
      }),
    );
    for (const line of [frozenLine, twinLine]) {
      for (const [i, value] of DRIFT_21.entries())
        await upload(api(operator), line, value, day(21) + i * 60_000);
      for (const [i, value] of DRIFT_22.entries())
        await upload(api(operator), line, value, day(22) + i * 60_000);
    }
  });

  it("flags exactly the points the upload's judge raised, each with its unit, and no baseline point", async () => {
    const report = await chart(frozenLine, range(20, 22));
    expect(report.frozen).toEqual({ centre: frozen.centre, sigmaWithin: frozen.sigmaWithin });
    expect(report.points.values).toEqual(ALL);
    const alarm = await judged();
    expect(alarm.length).toBeGreaterThan(10);
    expect(flagged(report)).toEqual(alarm);
    expect(alarm.every((v) => v.sn.startsWith('DRIFT-'))).toBe(true);
    expect(controlPoints(report.points).map((p) => p.rules)).toEqual(judgeSeries(frozen, [], ALL));
    // the range's own limits, which the chart used to judge by, flag baseline points
    const ownLimits = report.limits!;
    const byRange = westernElectric(ALL, ownLimits.centre, ownLimits.sigmaWithin);
    expect(byRange.slice(0, BASELINE.length).some((rules) => rules.length > 0)).toBe(true);
  });

  it("judges a range's first points after the step's values before it, as the upload's judge did", async () => {
    const report = await chart(frozenLine, range(22, 22));
    expect(report.points.values).toEqual(DRIFT_22);
    const runs = new Set(report.points.runIds);
    expect(flagged(report)).toEqual((await judged()).filter((v) => runs.has(v.runId)));
    // judged afresh from the range's start, the first points would say less
    expect(judgeSeries(frozen, [], DRIFT_22)).not.toEqual(controlPoints(report.points).map((p) => p.rules));
  });

  it('says the same in a reply sized by the screen', async () => {
    const whole = await chart(frozenLine, range(20, 22));
    const sized = await chart(frozenLine, `${range(20, 22)}&width=100`);
    expect(sized.reduction?.total).toBe(ALL.length);
    expect(sized.frozen).toEqual(whole.frozen);
    expect(flagged(sized)).toEqual(flagged(whole));
  });

  it("judges by the range's own limits while a step's are not frozen, as before", async () => {
    const report = await chart(twinLine, range(20, 22));
    expect(report.frozen).toBeNull();
    const limits = report.limits!;
    expect(controlPoints(report.points).map((p) => p.rules)).toEqual(
      westernElectric(ALL, limits.centre, limits.sigmaWithin),
    );
    const twinAlarms = await ok<SpcAlarmPage>(
      api(operator).get(`/spc/alarms?seq_id=${twinLine.tests[0]!.id}`),
    );
    expect(twinAlarms.alarms).toEqual([]);
  });
});
