import { ACTIONS, ActionId, familyUnit, MSG, NO_ID, VMSG } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { CAL_2PORT, CAL_4PORT, CAL_THRU, renderParamForm, stepOf } from '../../../../test/param-form';

const box = (name: string) => screen.getByRole('textbox', { name });
const select = (name: string) => screen.getByRole('combobox', { name });
const optionTexts = (name: string) =>
  within(select(name))
    .getAllByRole('option')
    .map((o) => o.textContent);
const sParams = () => optionTexts('S parameter').slice(1); // after 'None'
/** The message Mantine shows under the field, as its accessible description. */
const expectMessage = (field: HTMLElement, message: string) =>
  waitFor(() => expect(field).toHaveAccessibleDescription(message));

const GENERAL = ACTIONS.filter((a) => a.paramKind === 'general');

describe('Step Parameters of the NA measurements (docs/requirements/step-parameters.md, docs/requirements/test-editor.md, docs/requirements/step-parameters.md#other-parameter-rules)', () => {
  it.each(GENERAL.map((a) => [a.name, a] as const))(
    '%s: the fields of its catalogue entry, with their defaults',
    (_, action) => {
      renderParamForm(stepOf(action.id));
      expect(box('Title')).toHaveValue('');
      expect(select('Calibration')).toHaveValue('');
      expect(select('S parameter')).toHaveValue('');
      expect(box('Average')).toHaveValue('1');
      expect(box('Smooth')).toHaveValue('0');
      expect(box('Reference position')).toHaveValue('5');
      expect(screen.getByRole('switch', { name: 'Gating' })).not.toBeChecked();
      expect(screen.getByRole('switch', { name: 'Report screen' })).not.toBeChecked();
      expect(screen.queryByRole('combobox', { name: 'Gating type' })).not.toBeInTheDocument();
      // Phase measures at one frequency, the others over a range
      expect(screen.queryByRole('textbox', { name: 'Frequency' }) !== null).toBe(
        action.singleFrequency === true,
      );
      expect(screen.queryByRole('textbox', { name: 'Start frequency' }) !== null).toBe(
        !action.singleFrequency,
      );
      expect(screen.queryByRole('textbox', { name: 'Stop frequency' }) !== null).toBe(
        !action.singleFrequency,
      );
      const span = screen.queryByRole('textbox', { name: 'Span' });
      expect(span !== null).toBe(action.usesSpan === true);
      if (span) expect(span).toHaveValue('1');
      expect(screen.queryByRole('combobox', { name: 'Depending step' }) !== null).toBe(
        action.usesDependingStep === true,
      );
      // the limits carry the unit of the measurement family
      const unit = familyUnit(action.family!);
      expect(box('Upper limit')).toHaveValue('');
      if (unit) expect(box('Upper limit').parentElement).toHaveTextContent(unit);
    },
  );

  it('offers the S parameters of the chosen calibration and clears one it no longer offers', async () => {
    const { user, last } = renderParamForm(stepOf(ActionId.InsertionLossMax), {
      cals: [CAL_2PORT, CAL_THRU, CAL_4PORT],
    });
    expect(sParams()).toEqual([]);
    await user.selectOptions(select('Calibration'), String(CAL_2PORT.id));
    expect(sParams()).toEqual(['S12', 'S21']);
    await user.selectOptions(select('S parameter'), 'S21');
    await user.selectOptions(select('Calibration'), String(CAL_THRU.id));
    expect(sParams()).toEqual(['S21']);
    expect(select('S parameter')).toHaveValue('S21');
    expect(last()).toMatchObject({ calId: CAL_THRU.id, sParam: 'S21' });
    await user.selectOptions(select('Calibration'), String(CAL_4PORT.id));
    expect(sParams()).toHaveLength(12);
    await user.selectOptions(select('S parameter'), 'S43');
    await user.selectOptions(select('Calibration'), String(CAL_2PORT.id));
    expect(select('S parameter')).toHaveValue('');
    expect(last()).toMatchObject({ calId: CAL_2PORT.id, sParam: '' });
  });

  it.each([
    ['Return Loss', ActionId.ReturnLoss, ['S11', 'S22'], []],
    ['SWR', ActionId.Swr, ['S11', 'S22'], []],
    ['Group Delay', ActionId.GroupDelay, ['S12', 'S21'], ['S21', 'S12']],
    ['Phase', ActionId.Phase, ['S12', 'S21'], ['S21', 'S12']],
    ['Gain Max', ActionId.GainMax, ['S12', 'S21'], ['S21']],
  ])('%s offers its S parameters for a 2-port and a Thru calibration', async (_, actionId, full, thru) => {
    const { user } = renderParamForm(stepOf(actionId));
    await user.selectOptions(select('Calibration'), String(CAL_2PORT.id));
    expect(sParams()).toEqual(full);
    await user.selectOptions(select('Calibration'), String(CAL_THRU.id));
    expect(sParams()).toEqual(thru);
  });

  it("'Set Up Calibrations' opens the dialog and keeps the chosen calibration", async () => {
    const { user, onSetUpCalibrations, params } = renderParamForm(
      stepOf(ActionId.InsertionLossMax, { calId: CAL_THRU.id }),
    );
    expect(optionTexts('Calibration')).toEqual([
      'None',
      '1: 2-Port 1-2, 100 - 1000 MHz',
      '2: Thru 1-2, 500 - 600 MHz',
      'Set Up Calibrations',
    ]);
    await user.selectOptions(select('Calibration'), 'Set Up Calibrations');
    expect(onSetUpCalibrations).toHaveBeenCalledTimes(1);
    expect(select('Calibration')).toHaveValue(String(CAL_THRU.id));
    expect(params).toEqual([]);
  });

  it('shows every message of a measurement as typed', async () => {
    const { user } = renderParamForm(stepOf(ActionId.InsertionLossVariationCross));
    await expectMessage(select('Calibration'), VMSG.chooseCalibration);
    await expectMessage(select('S parameter'), VMSG.chooseSParam);
    await expectMessage(box('Title'), MSG.emptyInput);
    await expectMessage(box('Start frequency'), VMSG.enterNumber);
    await expectMessage(box('Upper limit'), VMSG.enterLimit);

    await user.selectOptions(select('Calibration'), String(CAL_2PORT.id));
    await user.type(box('Start frequency'), '50');
    await expectMessage(box('Start frequency'), MSG.lineOutOfCalRange);
    await user.clear(box('Start frequency'));
    await user.type(box('Start frequency'), '900');
    await user.type(box('Stop frequency'), '800');
    await expectMessage(box('Start frequency'), MSG.lineStartGreaterThanStop);
    await user.clear(box('Start frequency'));
    await user.type(box('Start frequency'), '799.5');
    await expectMessage(box('Span'), VMSG.spanTooLarge);
    await user.clear(box('Span'));
    await user.type(box('Span'), '0');
    await expectMessage(box('Span'), VMSG.greaterThan(0));

    await user.type(box('Upper limit'), '1');
    await user.type(box('Lower limit'), '2');
    await expectMessage(box('Lower limit'), VMSG.lowerAboveUpper);
    await user.clear(box('Smooth'));
    await user.type(box('Smooth'), '101');
    await expectMessage(box('Smooth'), VMSG.between(0, 100));
    await user.clear(box('Average'));
    await user.type(box('Average'), '0');
    await expectMessage(box('Average'), VMSG.atLeast(1));
    await user.clear(box('Reference position'));
    await user.type(box('Reference position'), 'x');
    await expectMessage(box('Reference position'), VMSG.enterNumber);
  });

  it('Phase checks its one frequency against the calibration', async () => {
    const { user } = renderParamForm(stepOf(ActionId.Phase, { calId: CAL_THRU.id }));
    await user.type(box('Frequency'), '700');
    await expectMessage(box('Frequency'), MSG.lineOutOfCalRange);
  });

  it('shows the gating fields with their defaults once gating is on, and checks the window', async () => {
    const { user, last } = renderParamForm(stepOf(ActionId.ReturnLoss));
    await user.click(screen.getByRole('switch', { name: 'Gating' }));
    expect(last()).toMatchObject({ isGating: true });
    expect(select('Gating type')).toHaveValue('Bandpass');
    expect(optionTexts('Gating type')).toEqual(['Bandpass', 'Notch']);
    expect(select('Gating shape')).toHaveValue('Normal');
    expect(optionTexts('Gating shape')).toEqual(['Minimum', 'Normal', 'Wide', 'Maximum']);
    expect(box('Gating start')).toHaveValue('0');
    expect(box('Gating stop')).toHaveValue('10');
    await user.clear(box('Gating start'));
    await user.type(box('Gating start'), '10');
    await expectMessage(box('Gating start'), VMSG.gatingStartNotBelowStop);
    await user.selectOptions(select('Gating shape'), 'Wide');
    expect(last()).toMatchObject({ gatingShape: 'Wide', gatingStart_ns: 10 });
  });

  it('offers earlier insertion-loss, attenuation, isolation and gain steps as the depending step', async () => {
    const before = [
      stepOf(ActionId.InsertionLossMax, {}, 'IL max'),
      stepOf(ActionId.ReturnLoss, {}, 'RL'),
      stepOf(ActionId.GainAverage, {}, 'Gain avg'),
      stepOf(ActionId.Isolation, {}, 'Iso'),
    ];
    const { user, last } = renderParamForm(stepOf(ActionId.Rejection), { before });
    expect(optionTexts('Depending step')).toEqual(['None', '1. IL max', '3. Gain avg', '4. Iso']);
    await expectMessage(select('Depending step'), VMSG.chooseDependingStep);
    await user.selectOptions(select('Depending step'), '3. Gain avg');
    expect(last()).toMatchObject({ bindStepId: before[2]!.id });
    await user.selectOptions(select('Depending step'), 'None');
    expect(last()).toMatchObject({ bindStepId: NO_ID });
  });
});
