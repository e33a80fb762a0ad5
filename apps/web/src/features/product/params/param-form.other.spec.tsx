import { ActionId, MSG, NO_ID, VMSG } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { CAL_2PORT, renderParamForm, stepOf } from '../../../../test/param-form';

const box = (name: string) => screen.getByRole('textbox', { name });
const select = (name: string) => screen.getByRole('combobox', { name });
const optionTexts = (name: string) =>
  within(select(name))
    .getAllByRole('option')
    .map((o) => o.textContent);
const expectMessage = (field: HTMLElement, message: string) =>
  waitFor(() => expect(field).toHaveAccessibleDescription(message));
const replace = async (user: ReturnType<typeof renderParamForm>['user'], name: string, text: string) => {
  await user.clear(box(name));
  await user.type(box(name), text);
};

describe('Step Parameters of Cable (docs/requirements/step-parameters.md#cable)', () => {
  it('shows its defaults: SWR, average 1, smooth 0, reference position 5', () => {
    renderParamForm(stepOf(ActionId.Cable));
    expect(select('Port 1/2 measurement')).toHaveValue('SWR');
    expect(optionTexts('Port 1/2 measurement')).toEqual(['SWR', 'Return Loss']);
    for (const name of ['Port 1 limit', 'Port 2 limit', 'Transmission loss limit', 'Start frequency'])
      expect(box(name)).toHaveValue('');
    expect(box('Average')).toHaveValue('1');
    expect(box('Smooth')).toHaveValue('0');
    expect(box('Reference position')).toHaveValue('5');
    expect(screen.queryByRole('combobox', { name: 'S parameter' })).not.toBeInTheDocument();
  });

  it('wants port limits of at least 0 for SWR only, and a transmission loss limit of at most 0', async () => {
    const { user, last } = renderParamForm(stepOf(ActionId.Cable, { calId: CAL_2PORT.id }));
    await user.type(box('Port 1 limit'), '-1');
    await expectMessage(box('Port 1 limit'), VMSG.atLeast(0));
    await user.selectOptions(select('Port 1/2 measurement'), 'Return Loss');
    await waitFor(() => expect(box('Port 1 limit')).not.toHaveAccessibleDescription());
    expect(box('Port 1 limit').parentElement).toHaveTextContent('dB');
    await user.type(box('Transmission loss limit'), '0.5');
    await expectMessage(box('Transmission loss limit'), VMSG.atMost(0));
    expect(last()).toMatchObject({ port12MeasType: 'Return Loss', port1Limit: -1, transLossLimit_dB: 0.5 });
  });
});

describe('Step Parameters of Measurement Difference (docs/requirements/step-parameters.md#diff-and-depending-steps)', () => {
  const before = [
    stepOf(ActionId.InsertionLossMax, {}, 'IL max'),
    stepOf(ActionId.Align, {}, 'Align'),
    stepOf(ActionId.GainMin, {}, 'Gain min'),
    stepOf(ActionId.Cable, {}, 'Cable'),
    stepOf(ActionId.GroupDelay, {}, 'GD'),
    stepOf(ActionId.Prompt, {}, 'Prompt'),
  ];

  it('offers earlier NA steps other than Diff, Align, SnP and Cable, with lower limit 0', () => {
    renderParamForm(stepOf(ActionId.Diff), { before });
    expect(optionTexts('Step 1')).toEqual(['None', '1. IL max', '3. Gain min', '5. GD']);
    expect(optionTexts('Step 2')).toEqual(optionTexts('Step 1'));
    expect(box('Lower limit')).toHaveValue('0');
    expect(box('Upper limit')).toHaveValue('');
  });

  it('asks for two different steps and shows a unit only for one family', async () => {
    const { user, last } = renderParamForm(stepOf(ActionId.Diff), { before });
    await expectMessage(select('Step 1'), VMSG.chooseStep);
    await user.selectOptions(select('Step 1'), '1. IL max');
    await user.selectOptions(select('Step 2'), '1. IL max');
    await expectMessage(select('Step 2'), VMSG.sameSteps);
    await user.selectOptions(select('Step 2'), '3. Gain min');
    expect(box('Upper limit').parentElement).toHaveTextContent('dB');
    expect(last()).toMatchObject({ stepId1: before[0]!.id, stepId2: before[2]!.id });
    await user.selectOptions(select('Step 2'), '5. GD');
    expect(box('Upper limit').parentElement).not.toHaveTextContent('dB');
    expect(box('Upper limit').parentElement).not.toHaveTextContent('ns');
    await user.selectOptions(select('Step 1'), 'None');
    expect(last()).toMatchObject({ stepId1: NO_ID });
  });
});

describe('Step Parameters of Save SnP', () => {
  it('asks for a file name under the name rules', async () => {
    const { user, last } = renderParamForm(stepOf(ActionId.SaveSnp));
    expect(box('File name')).toHaveValue('');
    await expectMessage(box('File name'), MSG.emptyInput);
    await user.type(box('File name'), 'dut:1');
    await expectMessage(box('File name'), MSG.invalidCharacter);
    await replace(user, 'File name', 'dut-1');
    expect(last()).toEqual({ value: 'dut-1' });
  });
});

describe('Step Parameters of the PIM actions (docs/requirements/step-parameters.md#pim-steps)', () => {
  it('Fixed Tone: defaults and its messages', async () => {
    const { user, last } = renderParamForm(stepOf(ActionId.PimFixedTone));
    expect(box('Power output')).toHaveValue('43');
    expect(box('Power offset')).toHaveValue('0');
    expect(box('Duration')).toHaveValue('30');
    expect(select('IM order')).toHaveValue('IM3L');
    expect(optionTexts('IM order')).toEqual(['IM3L', 'IM3H', 'IM5L', 'IM5H', 'IM7L', 'IM7H', 'IM9L', 'IM9H']);
    expect(select('Mode')).toHaveValue('refl');
    expect(optionTexts('Mode')).toEqual(['Reverse', 'Forward']);
    expect(select('Unit')).toHaveValue('dBm');
    expect(optionTexts('Unit')).toEqual(['dBm', 'dBc']);
    expect(screen.getByRole('switch', { name: 'Report screen' })).not.toBeChecked();
    await expectMessage(box('F1'), VMSG.enterNumber);
    await replace(user, 'Power output', '43.125');
    await expectMessage(box('Power output'), VMSG.decimals(2));
    await replace(user, 'Power offset', '0.25');
    await expectMessage(box('Power offset'), VMSG.decimals(1));
    await replace(user, 'Duration', '301');
    await expectMessage(box('Duration'), VMSG.between(1, 300));
    await user.selectOptions(select('Mode'), 'Forward');
    await user.selectOptions(select('Unit'), 'dBc');
    expect(box('Upper limit').parentElement).toHaveTextContent('dBc');
    expect(last()).toMatchObject({ mode: 'forward', unit: 'dBc', fixTime_sec: 301 });
  });

  it('Swept Tone: defaults and its messages', async () => {
    const { user } = renderParamForm(stepOf(ActionId.PimSweptTone));
    expect(box('Sweep step')).toHaveValue('0.5');
    expect(box('Sweep count')).toHaveValue('3');
    expect(box('Power output')).toHaveValue('43');
    await user.type(box('F1 start'), '935');
    await user.type(box('F1 stop'), '925');
    await expectMessage(box('F1 start'), MSG.lineStartGreaterThanStop);
    await replace(user, 'Sweep count', '11');
    await expectMessage(box('Sweep count'), VMSG.between(1, 10));
    await replace(user, 'Sweep step', '0');
    await expectMessage(box('Sweep step'), VMSG.greaterThan(0));
    await user.type(box('Upper limit'), '-150');
    await user.type(box('Lower limit'), '-140');
    await expectMessage(box('Lower limit'), VMSG.lowerAboveUpper);
  });
});

describe('the read-only view (operators)', () => {
  it('shows the values with every input disabled', async () => {
    renderParamForm(stepOf(ActionId.InsertionLossMax, { title: 'IL', calId: CAL_2PORT.id, upper: 1.5 }), {
      readOnly: true,
    });
    expect(box('Title')).toHaveValue('IL');
    expect(box('Upper limit')).toHaveValue('1.5');
    expect(select('Calibration')).toHaveValue(String(CAL_2PORT.id));
    const form = screen.getByRole('form', { name: 'Step Parameters' });
    const inputs = [
      ...within(form).getAllByRole('textbox'),
      ...within(form).getAllByRole('combobox'),
      ...within(form).getAllByRole('switch'),
    ];
    expect(inputs.length).toBeGreaterThan(10);
    inputs.forEach((input) => expect(input).toBeDisabled());
  });

  it('disables the tools of a Multiple Choice step', () => {
    renderParamForm(stepOf(ActionId.MultipleChoice), { readOnly: true });
    const form = screen.getByRole('form', { name: 'Step Parameters' });
    [...within(form).getAllByRole('button'), ...within(form).getAllByRole('radio')].forEach((el) =>
      expect(el).toBeDisabled(),
    );
  });
});
