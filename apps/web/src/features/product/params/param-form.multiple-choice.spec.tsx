import { ActionId, MSG, VMSG } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { renderParamForm, stepOf } from '../../../../test/param-form';

const choices = () => within(screen.getByRole('group', { name: 'Answer choices' }));
const options = () => choices().getAllByRole('textbox');
const radios = () => choices().getAllByRole('radio');

describe('Step Parameters of a Multiple Choice step (docs/requirements/step-parameters.md#multiple-choice)', () => {
  it('starts with two empty options and asks for the correct answer', async () => {
    renderParamForm(stepOf(ActionId.MultipleChoice));
    expect(options().map((o) => (o as HTMLInputElement).value)).toEqual(['', '']);
    expect(await screen.findByText(VMSG.chooseAnswer)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Question' })).toHaveValue('');
  });

  it('keeps the answers exclusive: checking one unchecks the others', async () => {
    const { user, last } = renderParamForm(stepOf(ActionId.MultipleChoice));
    await user.click(screen.getByRole('radio', { name: 'Option 1 is the correct answer' }));
    expect(radios().map((r) => (r as HTMLInputElement).checked)).toEqual([true, false]);
    await user.click(screen.getByRole('radio', { name: 'Option 2 is the correct answer' }));
    expect(radios().map((r) => (r as HTMLInputElement).checked)).toEqual([false, true]);
    expect(last()).toMatchObject({
      optionArray: [
        { checked: false, text: '' },
        { checked: true, text: '' },
      ],
    });
  });

  it('adds up to 9 options, then says so', async () => {
    const { user } = renderParamForm(stepOf(ActionId.MultipleChoice));
    const add = screen.getByRole('button', { name: 'Add option' });
    for (let i = 0; i < 7; i++) await user.click(add);
    expect(options()).toHaveLength(9);
    await user.click(add);
    expect(await screen.findByText(MSG.upTo9AnswerChoices)).toBeInTheDocument();
    expect(options()).toHaveLength(9);
  });

  it('deletes an option, but never below 2', async () => {
    const { user, last } = renderParamForm(stepOf(ActionId.MultipleChoice));
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await user.type(screen.getByRole('textbox', { name: 'Option 3' }), 'Green');
    await user.click(screen.getByRole('button', { name: 'Delete option 1' }));
    expect(options().map((o) => (o as HTMLInputElement).value)).toEqual(['', 'Green']);
    expect(last()).toMatchObject({ optionArray: [{ text: '' }, { text: 'Green' }] });
    expect(screen.getByRole('button', { name: 'Delete option 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete option 2' })).toBeDisabled();
  });

  it('asks for a text in every option', async () => {
    const { user } = renderParamForm(stepOf(ActionId.MultipleChoice));
    await user.type(screen.getByRole('textbox', { name: 'Option 1' }), 'Red');
    // title, question and option 2, once the debounce has checked option 1
    await waitFor(() => expect(screen.getAllByText(MSG.emptyInput)).toHaveLength(3));
    expect(screen.getByRole('textbox', { name: 'Option 2' })).toHaveAccessibleDescription(MSG.emptyInput);
  });
});
