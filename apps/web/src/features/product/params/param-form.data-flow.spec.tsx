import { ActionId, type StepParam } from '@sweepline/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import type { ReactNode } from 'react';
import { seqOf, stepOf } from '../../../../test/param-form';
import { AppProviders } from '../../../app/AppProviders';
import { StepParamsForm } from './StepParamsForm';

const wrap = (children: ReactNode) => (
  <AppProviders store={createStore()} env="test">
    {children}
  </AppProviders>
);

describe('how the form and the screen exchange the param', () => {
  it('hands over the whole param after each edit and keeps a number as typed', async () => {
    const step = stepOf(ActionId.InsertionLossMax, { title: 'IL' });
    const onChange = jest.fn();
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
    const sent = onChange.mock.lastCall[0] as Record<string, unknown>;
    expect(sent).toEqual({ ...step.param, upper: 1 });
    // the screen echoes the param it was given: the text stays as typed
    rerender(wrap(form({ ...step, param: sent as unknown as StepParam })));
    expect(screen.getByRole('textbox', { name: 'Upper limit' })).toHaveValue('1.');
    // the server answers another param (its default title): the form shows it
    rerender(
      wrap(form({ ...step, param: { ...sent, upper: 2, title: 'IL - S21' } as unknown as StepParam })),
    );
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
