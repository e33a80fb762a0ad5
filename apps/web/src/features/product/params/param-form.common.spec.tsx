import { ActionId, MSG, VMSG } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { renderParamForm, stepOf } from '../../../../test/param-form';

const box = (name: string) => screen.getByRole('textbox', { name });

describe('Step Parameters of the Common actions (docs/requirements/step-parameters.md#common-steps)', () => {
  it.each([
    ['Prompt', ActionId.Prompt, 'Text'],
    ['Report Heading', ActionId.Header, 'Text'],
  ] as const)('%s: one text, required', async (_, actionId, label) => {
    const { user, last } = renderParamForm(stepOf(actionId));
    expect(box(label)).toHaveValue('');
    expect(await screen.findByText(MSG.emptyInput)).toBeInTheDocument();
    await user.type(box(label), 'Connect port 1');
    expect(last()).toEqual({ value: 'Connect port 1' });
    await screen.findByDisplayValue('Connect port 1');
    await expectNoMessage(MSG.emptyInput);
  });

  it('Report Heading: at most 100 characters', async () => {
    const { user } = renderParamForm(stepOf(ActionId.Header));
    await user.click(box('Text'));
    await user.paste('x'.repeat(101));
    expect(await screen.findByText(MSG.noMoreThanCharacters(100))).toBeInTheDocument();
  });

  it('Delay: seconds, default 0, whole and at least 0', async () => {
    const { user, last } = renderParamForm(stepOf(ActionId.Delay));
    expect(box('Seconds')).toHaveValue('0');
    await user.clear(box('Seconds'));
    expect(await screen.findByText(VMSG.enterNumber)).toBeInTheDocument();
    await user.type(box('Seconds'), '1.5');
    expect(await screen.findByText(VMSG.mustBeInteger)).toBeInTheDocument();
    await user.clear(box('Seconds'));
    await user.type(box('Seconds'), '-2');
    expect(await screen.findByText(VMSG.atLeast(0))).toBeInTheDocument();
    await user.clear(box('Seconds'));
    await user.type(box('Seconds'), '12');
    expect(last()).toEqual({ value: 12 });
    await expectNoMessage(VMSG.atLeast(0));
  });

  it('Manual Test: title, question, limits 0 and 0, unit beside the limits', async () => {
    const { user, last } = renderParamForm(stepOf(ActionId.ManualTest));
    expect(box('Title')).toHaveValue('');
    expect(box('Question')).toHaveValue('');
    expect(box('Upper limit')).toHaveValue('0');
    expect(box('Lower limit')).toHaveValue('0');
    await user.type(box('Unit'), 'V');
    expect(last()).toMatchObject({ unit: 'V' });
    expect(screen.getAllByText('V')).toHaveLength(2);
    await user.clear(box('Upper limit'));
    await user.type(box('Upper limit'), '-1');
    expect(await screen.findByText(VMSG.lowerAboveUpper)).toBeInTheDocument();
    await user.type(box('Title'), 'a/b');
    expect(await screen.findByText(MSG.invalidCharacter)).toBeInTheDocument();
  });

  it('Question: answer yes by default, or no', async () => {
    const { user, last } = renderParamForm(stepOf(ActionId.Question));
    const answer = screen.getByRole('combobox', { name: 'Answer' });
    expect(answer).toHaveValue('yes');
    expect(
      within(answer)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Yes', 'No']);
    await user.selectOptions(answer, 'no');
    expect(last()).toMatchObject({ answer: 'no' });
    await user.type(box('Question'), 'Is the label straight?');
    expect(last()).toMatchObject({ question: 'Is the label straight?' });
  });
});

/** Once the debounce has run, the message is gone. */
async function expectNoMessage(text: string) {
  await waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument());
}
