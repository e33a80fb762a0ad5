import {
  judgeValues,
  type ControlChartReport,
  type FrozenLimits,
  type RunSpcNotice,
  type WesternElectricRule,
} from '@sweepline/domain';
import { createEditorMembers, editorApi, ok } from '../editor/testing/editor-api';
import { describeEachDatabase } from '../../test/test-app';
import { productWithTests } from '../runner/testing/runner-fixtures';
import { freezeFromBaseline, sigmasOff, SPC_BASELINE, SPC_STEP, uploadValue } from './testing/spc-uploads';

const NOV_21 = { start_time: String(Date.UTC(2025, 10, 21)), stop_time: String(Date.UTC(2025, 10, 22) - 1) };
const nov21 = (minute: number) => new Date(Date.UTC(2025, 10, 21, 9, minute)).toISOString();

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
      const [managerApi, operatorApi] = [editorApi(t, manager), editorApi(t, operator)];
      const line = await productWithTests(managerApi, `Filter ${c.rule}`, [1]);
      for (const value of SPC_BASELINE) await uploadValue(operatorApi, line, value);
      for (const [i, sigmas] of c.before.entries())
        await uploadValue(operatorApi, line, sigmasOff(sigmas), nov21(i));

      const limits = await ok<FrozenLimits>(managerApi.post('/spc/limits', freezeFromBaseline(line)));
      expect(limits.centre).toBeCloseTo(sigmasOff(0), 12);
      const [state] = await t().dataSource.query(`SELECT recent FROM spc_step_state WHERE account_id = $1`, [
        manager.accountId,
      ]);
      // oldest first, as the judge carries them
      expect(state.recent).toEqual(c.before.map(sigmasOff));

      const answer = await uploadValue(operatorApi, line, sigmasOff(c.after), nov21(c.before.length));
      const expected = judgeValues(limits, [], [...c.before, c.after].map(sigmasOff)).rules.at(-1)!;
      expect(expected).toEqual([c.rule]);
      const notices = await ok<RunSpcNotice[]>(operatorApi.get(`/runner/runs/${answer.run_id}/spc`));
      expect(notices).toEqual([expect.objectContaining({ step: SPC_STEP, opened: true, rules: expected })]);

      const range = new URLSearchParams({ ...NOV_21, zone_offset: '0' }).toString();
      const chart = await ok<ControlChartReport>(
        operatorApi.get(
          `/report/control?seq_id=${line.tests[0]!.id}&step=${encodeURIComponent(SPC_STEP)}&${range}`,
        ),
      );
      expect(chart.points.violations).toEqual([{ index: c.before.length, rules: expected }]);
    },
  );
});
