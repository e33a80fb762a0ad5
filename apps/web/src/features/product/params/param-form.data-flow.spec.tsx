import { ActionId, defaultAlignment, defaultTrace, TIMES_MS, VMSG, type StepParam } from '@sweepline/domain';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import type { ReactNode } from 'react';
import { renderParamForm, seqOf, stepOf } from '../../../../test/param-form';
import { AppProviders } from '../../../app/AppProviders';
import { withChanges } from './param-layout';
import { StepParamsForm } from './StepParamsForm';

const wrap = (children: ReactNode) => (
  <AppProviders store={createStore()} env="test">
    {children}
  </AppProviders>
);

describe('how the form and the screen exchange the param', () => {
  it('hands over the whole param after each edit and keeps a number as typed', async () => {
    const step = stepOf(ActionId.InsertionLossMax, { title: 'IL' });
    const onChange = jest.fn<void, [StepParam]>();
    const form = (s = step) => (
      <StepParamsForm
        step={s}
        seq={seqOf([s])}
        readOnly={false}
        onChange={onChange}
        onSetUpCalibrations={jest.fn()}
      />
    );
    const { rerender } = render(wrap(form()));
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Upper limit' }), '1.');
    const sent = onChange.mock.lastCall![0];
    expect(sent).toEqual({ ...step.param, upper: 1 });
    // the screen echoes the param it was given: the text stays as typed
    rerender(wrap(form({ ...step, param: sent })));
    expect(screen.getByRole('textbox', { name: 'Upper limit' })).toHaveValue('1.');
    // the server answers another param (its default title): the form shows it
    rerender(wrap(form({ ...step, param: withChanges(sent, { upper: 2, title: 'IL - S21' }) })));
    expect(screen.getByRole('textbox', { name: 'Upper limit' })).toHaveValue('2');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('IL - S21');
  });

  it('starts afresh for another step', () => {
    const a = stepOf(ActionId.Delay, { value: 3 });
    const b = stepOf(ActionId.Delay, { value: 7 });
    const form = (s: typeof a) => (
      <StepParamsForm
        step={s}
        seq={seqOf([a, b])}
        readOnly={false}
        onChange={jest.fn()}
        onSetUpCalibrations={jest.fn()}
      />
    );
    const { rerender } = render(wrap(form(a)));
    expect(screen.getByRole('textbox', { name: 'Seconds' })).toHaveValue('3');
    rerender(wrap(form(b)));
    expect(screen.getByRole('textbox', { name: 'Seconds' })).toHaveValue('7');
  });
});

describe('checking as typed', () => {
  afterEach(() => jest.useRealTimers());

  it('shows a message 200 ms after the last keystroke (docs/requirements/test-editor.md#limits)', async () => {
    jest.useFakeTimers();
    const { user } = renderParamForm(stepOf(ActionId.Delay), { advanceTimers: jest.advanceTimersByTime });
    const seconds = screen.getByRole('textbox', { name: 'Seconds' });
    await user.clear(seconds);
    await user.type(seconds, '-3');
    act(() => jest.advanceTimersByTime(TIMES_MS.inputDebounce - 50));
    expect(screen.queryByText(VMSG.atLeast(0))).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(50));
    expect(seconds).toHaveAccessibleDescription(VMSG.atLeast(0));
  });
});

describe('the read-only Align editor', () => {
  it('lets an operator look through the alignments but change nothing', async () => {
    const channelArray = [
      { ...defaultAlignment(), title: 'A', traceArray: [defaultTrace(true)] },
      { ...defaultAlignment(), title: 'B' },
    ];
    const { user, params } = renderParamForm(stepOf(ActionId.Align, { channelArray }), { readOnly: true });
    for (const name of ['Add', 'Copy', 'Paste', 'Delete'])
      expect(screen.getByRole('button', { name: `${name} alignment` })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add S parameter' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Active' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('A');
    await user.click(screen.getByRole('button', { name: 'Alignment 2: B' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('B');
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeDisabled();
    expect(params).toEqual([]);
  });
});
