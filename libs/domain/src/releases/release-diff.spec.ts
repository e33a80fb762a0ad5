import type { ReleaseContent } from '../api/test-releases';
import { ActionId } from '../catalogue/catalogue';
import type { Step } from '../entities/entities';
import type { AlignParam, GeneralNaParam, MultipleChoiceParam } from '../params/params.types';
import { CAL, completeParam, makeStep } from '../testing/step-fixtures';
import { releaseDiff } from './release-diff';

const passBand = (id: number, upper = 1.2): Step => ({
  ...makeStep(id, ActionId.InsertionLossMax, {
    ...(completeParam(ActionId.InsertionLossMax) as GeneralNaParam),
    upper,
  }),
  name: `Step ${id}`,
});
const content = (steps: Step[], cals = [CAL]): ReleaseContent => ({ steps, cals });
const steps = (...ids: number[]) => ids.map((id) => passBand(id));
const summary = (from: ReleaseContent, to: ReleaseContent) =>
  releaseDiff(from, to).steps.map((s) => [s.stepId, s.change, s.fromIndex, s.toIndex]);

describe('releaseDiff', () => {
  it('finds nothing between equal contents, whatever their key order', () => {
    const reversed = (v: object) => Object.fromEntries(Object.entries(v).reverse());
    const reordered = steps(1, 2).map((s) => ({ ...reversed(s), param: reversed(s.param) }) as Step);
    expect(releaseDiff(content(steps(1, 2)), content(reordered))).toEqual({ steps: [], cals: [] });
  });

  it('lists an added step at its place in the new content', () => {
    expect(summary(content(steps(1, 2)), content(steps(1, 3, 2)))).toEqual([[3, 'added', null, 1]]);
  });

  it('lists a removed step after the step that preceded it, or first when none did', () => {
    expect(summary(content(steps(1, 2, 3, 4)), content(steps(1, 4, 5)))).toEqual([
      [2, 'removed', 1, null],
      [3, 'removed', 2, null],
      [5, 'added', null, 2],
    ]);
    expect(summary(content(steps(9, 1)), content(steps(1)))).toEqual([[9, 'removed', 0, null]]);
  });

  it('names a removed step by its old name', () => {
    const [removed] = releaseDiff(content([{ ...passBand(1), name: 'Pass band' }]), content([])).steps;
    expect(removed).toMatchObject({ name: 'Pass band', change: 'removed', changes: [] });
  });

  it('marks one moved step as moved, not the steps it jumped over', () => {
    expect(summary(content(steps(1, 2, 3, 4, 5)), content(steps(2, 3, 4, 5, 1)))).toEqual([
      [1, 'moved', 0, 4],
    ]);
    expect(summary(content(steps(1, 2, 3, 4, 5)), content(steps(1, 5, 2, 3, 4)))).toEqual([
      [5, 'moved', 4, 1],
    ]);
  });

  it('marks the fewest steps moved when two swap places', () => {
    const moved = releaseDiff(content(steps(1, 2, 3)), content(steps(3, 2, 1))).steps;
    expect(moved.map((s) => s.change)).toEqual(['moved', 'moved']);
  });

  it('does not call a step moved when only steps around it were added or removed', () => {
    expect(summary(content(steps(1, 2, 3)), content(steps(4, 1, 3)))).toEqual([
      [4, 'added', null, 0],
      [2, 'removed', 1, null],
    ]);
  });

  it('gives a changed limit with its old and new value, before the other params', () => {
    const before = passBand(1, 1.2);
    const after = { ...passBand(1, 1.5), name: 'Pass band' };
    after.param = { ...(after.param as GeneralNaParam), startFreq_MHz: 250, lower: 0 };
    const [diff] = releaseDiff(content([before]), content([after])).steps;
    expect(diff).toMatchObject({ stepId: 1, name: 'Pass band', change: 'changed', fromIndex: 0, toIndex: 0 });
    expect(diff!.changes).toEqual([
      { key: 'upper', from: 1.2, to: 1.5, isLimit: true },
      { key: 'lower', from: null, to: 0, isLimit: true },
      { key: 'name', from: 'Step 1', to: 'Pass band', isLimit: false },
      { key: 'startFreq_MHz', from: 200, to: 250, isLimit: false },
    ]);
  });

  it('tells a step whose name stopped following its default apart, as the draft mark does', () => {
    const before = passBand(1, 1.2);
    const after = { ...before, isDefaultName: !before.isDefaultName };
    const diff = releaseDiff(content([before]), content([after]));
    expect(diff.steps.map((s) => s.changes.map((c) => c.key))).toEqual([['isDefaultName']]);
  });

  it("treats a Cable's port and transmission limits as limits", () => {
    const cable = makeStep(1, ActionId.Cable, completeParam(ActionId.Cable));
    const tighter = { ...cable, param: { ...cable.param, transLossLimit_dB: -0.5, refPos: 3 } } as Step;
    const [diff] = releaseDiff(content([cable]), content([tighter])).steps;
    expect(diff!.changes.map((c) => [c.key, c.isLimit])).toEqual([
      ['transLossLimit_dB', true],
      ['refPos', false],
    ]);
  });

  it('gives a changed action and instrument', () => {
    const before = passBand(1);
    const after = makeStep(1, ActionId.Prompt, completeParam(ActionId.Prompt));
    const [diff] = releaseDiff(content([before]), content([after])).steps;
    expect(diff!.changes.slice(0, 3).map((c) => c.key)).toEqual(['upper', 'instrumentId', 'actionId']);
    expect(diff!.changes.find((c) => c.key === 'actionId')).toEqual({
      key: 'actionId',
      from: ActionId.InsertionLossMax,
      to: ActionId.Prompt,
      isLimit: false,
    });
  });

  it('says "moved and changed" for a step that did both', () => {
    const moved = [passBand(2), passBand(3), passBand(1, 2)];
    const [diff] = releaseDiff(content(steps(1, 2, 3)), content(moved)).steps;
    expect(diff).toMatchObject({ stepId: 1, change: 'moved and changed', fromIndex: 0, toIndex: 2 });
    expect(diff!.changes).toEqual([{ key: 'upper', from: 1.2, to: 2, isLimit: true }]);
  });

  it('points into a list of the same length by a dotted key, and gives a list that grew whole', () => {
    const align = makeStep(1, ActionId.Align, completeParam(ActionId.Align));
    const param = JSON.parse(JSON.stringify(align.param)) as AlignParam;
    param.channelArray[0]!.traceArray[0]!.lineArray[0]!.startValue = 2;
    const [lineDiff] = releaseDiff(content([align]), content([{ ...align, param }])).steps;
    expect(lineDiff!.changes).toEqual([
      { key: 'channelArray.0.traceArray.0.lineArray.0.startValue', from: 1, to: 2, isLimit: false },
    ]);

    const choice = makeStep(1, ActionId.MultipleChoice, completeParam(ActionId.MultipleChoice));
    const before = choice.param as MultipleChoiceParam;
    const grown = { ...before, optionArray: [...before.optionArray, { checked: false, text: 'Other' }] };
    const [listDiff] = releaseDiff(content([choice]), content([{ ...choice, param: grown }])).steps;
    expect(listDiff!.changes).toEqual([
      { key: 'optionArray', from: before.optionArray, to: grown.optionArray, isLimit: false },
    ]);
  });

  it('matches calibrations by id: added, removed and changed', () => {
    const wider = { ...CAL, stopFreq_MHz: 2000 };
    const other = { ...CAL, id: 2 };
    expect(releaseDiff(content([], [CAL]), content([], [wider])).cals).toEqual([
      {
        calId: 1,
        change: 'changed',
        changes: [{ key: 'stopFreq_MHz', from: 1000, to: 2000, isLimit: false }],
      },
    ]);
    expect(releaseDiff(content([], [CAL]), content([], [other])).cals).toEqual([
      { calId: 1, change: 'removed', changes: [] },
      { calId: 2, change: 'added', changes: [] },
    ]);
  });

  it('diffs two 500-step releases with one step of each kind of change', () => {
    const from = steps(...Array.from({ length: 500 }, (_, i) => i + 1));
    const to = from
      .filter((s) => s.id !== 100 && s.id !== 7)
      .map((s) => (s.id === 250 ? passBand(250, 0.9) : s));
    to.splice(400, 0, from[6]!); // step 7 moved from place 6 to 400
    to.push(passBand(501));
    expect(summary(content(from), content(to))).toEqual([
      [100, 'removed', 99, null],
      [250, 'changed', 249, 247],
      [7, 'moved', 6, 400],
      [501, 'added', null, 499],
    ]);
  });
});
