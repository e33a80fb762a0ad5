import { ACTIONS, ActionId } from '../catalogue/catalogue';
import { MSG } from '../limits/messages';
import { defaultParam } from '../params/defaults';
import { errorLine, errorLines, stepCompleteness, tooltipErrors, withCompleteness } from './completeness';
import { CAL, completeSteps, makeSeq, makeStep } from '../testing/step-fixtures';
import { VMSG } from './messages';

describe('errorLine', () => {
  it('prefixes the message with the label of the field', () => {
    expect(errorLine({ field: 'startFreq_MHz', message: VMSG.enterNumber })).toBe(
      'Start frequency: Enter a number',
    );
  });

  it('labels the items of nested arrays by their position from 1', () => {
    const field = 'channelArray[0].traceArray[1].lineArray[2].startFreq_MHz';
    expect(errorLine({ field, message: MSG.lineOutOfCalRange })).toBe(
      'Alignment 1, Trace 2, Line 3, Start frequency: Frequency out of the calibration range',
    );
    expect(errorLine({ field: 'optionArray[1]', message: VMSG.invalidValue })).toBe(
      'Option 2: Invalid value',
    );
  });

  it('leaves messages that name their subject alone', () => {
    expect(errorLine({ field: 'channelArray[0].traceArray', message: MSG.upTo9SParameters })).toBe(
      'Alignment 1: Up to 9 S Parameters',
    );
    expect(errorLine({ field: 'actionId', message: MSG.chooseType })).toBe('Choose type');
    expect(errorLine({ field: 'param', message: VMSG.invalidParam })).toBe('Invalid parameters');
  });

  it('names value after the kind of param, and unknown fields and arrays by themselves', () => {
    expect(errorLine({ field: 'value', message: MSG.emptyInput }, 'snp')).toBe('File name: Empty input');
    expect(errorLine({ field: 'value', message: MSG.emptyInput })).toBe('Value: Empty input');
    expect(errorLine({ field: 'value', message: MSG.emptyInput }, 'general')).toBe('Value: Empty input');
    expect(errorLine({ field: 'foo[0].constructor', message: 'M' })).toBe('foo 1, constructor: M');
  });
});

describe('errorLines', () => {
  it('keeps the order and drops repeated lines', () => {
    const errors = [
      { field: 'title', message: MSG.emptyInput },
      { field: 'title', message: MSG.emptyInput },
      { field: 'upper', message: VMSG.enterLimit },
    ];
    expect(errorLines(errors)).toEqual([
      'Title: Empty input',
      'Upper limit: Enter an upper or a lower limit',
    ]);
  });
});

describe('stepCompleteness', () => {
  it('finds a complete step complete, without errors', () => {
    const steps = completeSteps(ActionId.Rejection);
    expect(stepCompleteness(steps[2]!, { steps, index: 2, cals: [CAL] })).toEqual({
      isCompleted: true,
      errors: [],
    });
  });

  it('lists the errors of a new step as tooltip lines', () => {
    const step = makeStep(1, ActionId.SaveSnp, defaultParam(ActionId.SaveSnp));
    expect(stepCompleteness(step, { steps: [step], index: 0, cals: [] })).toEqual({
      isCompleted: false,
      errors: ['File name: Empty input'],
    });
  });

  it('finds a step of an unknown action incomplete', () => {
    const step = { ...makeStep(1, ActionId.Prompt), actionId: 0 as ActionId };
    expect(stepCompleteness(step, { steps: [step], index: 0, cals: [] }).errors).toEqual(['Choose type']);
  });
});

describe('withCompleteness', () => {
  it('marks a test complete when all its steps are', () => {
    const seq = withCompleteness(makeSeq(completeSteps(ActionId.Diff)));
    expect(seq.isCompleted).toBe(true);
    expect(seq.steps.every((s) => s.isCompleted && s.errors.length === 0)).toBe(true);
  });

  it('marks a test with an incomplete step incomplete, and recomputes stale flags', () => {
    const steps = completeSteps(ActionId.Diff).map((s) => ({ ...s, isCompleted: true }));
    // the Diff moved above the steps it subtracts
    const reordered = [steps[2]!, steps[0]!, steps[1]!];
    const seq = withCompleteness({ ...makeSeq(reordered), isCompleted: true });
    expect(seq.isCompleted).toBe(false);
    expect(seq.steps.map((s) => s.isCompleted)).toEqual([false, true, true]);
    expect(seq.steps[0]!.errors).toEqual(['Step 1: Choose a step', 'Step 2: Choose a step']);
    const noCal = withCompleteness(makeSeq(steps, []));
    expect(noCal.steps[0]).toMatchObject({
      isCompleted: false,
      errors: ['Calibration: Choose a calibration', 'S parameter: Choose an S parameter'],
    });
    expect(noCal.isCompleted).toBe(false);
  });

  it('finds a test without steps incomplete: there is nothing to run', () => {
    expect(withCompleteness(makeSeq([])).isCompleted).toBe(false);
  });

  it('checks every action in one test', () => {
    const [first, second] = completeSteps(ActionId.Prompt);
    const rest = ACTIONS.map((a, i) => ({ ...completeSteps(a.id)[2]!, id: i + 3 }));
    expect(withCompleteness(makeSeq([first!, second!, ...rest])).isCompleted).toBe(true);
  });
});

describe('tooltipErrors', () => {
  it('shows up to 2 errors, then an ellipsis', () => {
    expect(tooltipErrors([])).toBe('');
    expect(tooltipErrors(['a'])).toBe('a');
    expect(tooltipErrors(['a', 'b'])).toBe('a\nb');
    expect(tooltipErrors(['a', 'b', 'c'])).toBe('a\nb\n…');
  });
});
