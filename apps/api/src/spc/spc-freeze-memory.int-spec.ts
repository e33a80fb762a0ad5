import {
  capability,
  judgeValues,
  type ControlChartReport,
  type FrozenLimits,
  type RunSpcNotice,
  type RunUploadAnswer,
  type StepResult,
  type WesternElectricRule,
} from '@sweepline/domain';
import { createEditorMembers, editorApi, ok, type EditorApi } from '../editor/testing/editor-api';
import { describeEachDatabase } from '../../test/test-app';
import {
  addSerialNumbers,
  PASS_STEPS,
  productWithTests,
  runOf,
  type Line,
} from '../runner/testing/runner-fixtures';

const STEP = 'Insertion Loss Max';
/** The baseline, uploaded on 2025-11-20 (runOf's clock). */
const BASELINE = [0.8, 0.84, 0.81, 0.83, 0.79, 0.82, 0.85, 0.8, 0.83, 0.81];
const BASELINE_FIGURES = capability(BASELINE, { lower: null, upper: 1.5 });
const NOV_20 = { start_time: String(Date.UTC(2025, 10, 20)), stop_time: String(Date.UTC(2025, 10, 21) - 1) };
const NOV_21 = { start_time: String(Date.UTC(2025, 10, 21)), stop_time: String(Date.UTC(2025, 10, 22) - 1) };
/** The baseline's centre plus `sigmas` of its σ within: what the frozen limits will judge against. */
const at = (sigmas: number) => BASELINE_FIGURES.mean! + sigmas * BASELINE_FIGURES.sigmaWithin!;

/**
 * A rule's window straddling the freeze: the 7 values uploaded on 2025-11-21 before the freeze
 * and the one after it, in σ within from the frozen centre. The last value alone breaks no rule
 * (it is within 3σ); only with the values before the freeze does it complete its rule.
 */
const STRADDLING: { rule: WesternElectricRule; before: number[]; after: number }[] = [
  { rule: 2, before: [-0.3, -0.3, -0.3, -0.3, -0.3, -0.3, 2.5], after: 2.5 },
  { rule: 3, before: [-0.3, -0.3, -0.3, -0.3, 1.5, 1.5, 1.5], after: 1.5 },
  { rule: 4, before: [0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3], after: 0.3 },
];

let unit = 0;

/** Uploads a passed run with this Insertion Loss on a new serial number, at `startTime` if given. */
async function upload(
  api: EditorApi,
  line: Line,
  value: number,
  startTime?: string,
): Promise<RunUploadAnswer> {
  const sn = `SEED-${++unit}`;
  await addSerialNumbers(api, line.product.id, [sn]);
  const steps: StepResult[] = PASS_STEPS.map((step) => (step.title === STEP ? { ...step, value } : step));
  const run = runOf(line.tests[0]!, sn, { steps });
  if (startTime) Object.assign(run, { start_time: startTime, end_time: startTime });
  return ok<RunUploadAnswer>(api.post('/runner/runs', run));
}

/**
 * A freeze gives the upload's judge the step's last 7 values before it (docs/measurements.md,
 * "Frozen limits on the chart"), so the first values after a freeze get the verdict the control
 * chart shows them: before, the judge started afresh and the chart flagged what no alarm had.
 */
describeEachDatabase('SPC: the values before a freeze judge the first ones after it', (t) => {
  it.each(STRADDLING)(
    'rule $rule: a window straddling the freeze opens the violation the chart shows',
    async (c) => {
      const { manager, operator } = await createEditorMembers(t());
      const line = await productWithTests(editorApi(t, manager), `Filter ${c.rule}`, [1]);
      for (const value of BASELINE) await upload(editorApi(t, operator), line, value);
      const nov21 = (minute: number) => new Date(Date.UTC(2025, 10, 21, 9, minute)).toISOString();
      for (const [i, sigmas] of c.before.entries())
        await upload(editorApi(t, operator), line, at(sigmas), nov21(i));

      const limits = await ok<FrozenLimits>(
        editorApi(t, manager).post('/spc/limits', {
          seq_id: String(line.tests[0]!.id),
          step: STEP,
          ...NOV_20,
          zone_offset: '0',
        }),
      );
      expect(limits.centre).toBeCloseTo(BASELINE_FIGURES.mean!, 12);
      const [state] = await t().dataSource.query(`SELECT recent FROM spc_step_state WHERE account_id = $1`, [
        manager.accountId,
      ]);
      // oldest first, as the judge carries them
      expect(state.recent).toEqual(c.before.map(at));

      const answer = await upload(editorApi(t, operator), line, at(c.after), nov21(c.before.length));
      const expected = judgeValues(limits, [], [...c.before, c.after].map(at)).rules.at(-1)!;
      expect(expected).toEqual([c.rule]);
      const notices = await ok<RunSpcNotice[]>(
        editorApi(t, operator).get(`/runner/runs/${answer.run_id}/spc`),
      );
      expect(notices).toEqual([expect.objectContaining({ step: STEP, opened: true, rules: expected })]);

      const chart = await ok<ControlChartReport>(
        editorApi(t, operator).get(
          `/report/control?seq_id=${line.tests[0]!.id}&step=${encodeURIComponent(STEP)}&${new URLSearchParams({ ...NOV_21, zone_offset: '0' }).toString()}`,
        ),
      );
      expect(chart.points.violations).toEqual([{ index: c.before.length, rules: expected }]);
    },
  );
});
