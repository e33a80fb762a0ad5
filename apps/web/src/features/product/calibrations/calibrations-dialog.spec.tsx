import { ActionId, defaultCalibration, MSG, VMSG, type EditorCal, type Step } from '@sweepline/domain';
import { completeParam, makeStep } from '@sweepline/domain/src/testing/step-fixtures';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { CAL_2PORT, CAL_THRU } from '../../../../test/param-form';
import { AppProviders } from '../../../app/AppProviders';
import { CalibrationsDialog } from './CalibrationsDialog';

// the dialog's table holds many inputs: on a loaded machine jsdom needs seconds per full render
jest.setTimeout(90_000);

function renderDialog(
  cals: EditorCal[],
  { readOnly = false, fail = false, steps = [] as readonly Step[] } = {},
) {
  const onSave = jest.fn((_: EditorCal[]) =>
    fail ? Promise.reject(new Error('No internet')) : Promise.resolve(),
  );
  const onClose = jest.fn();
  render(
    <AppProviders store={createStore()} env="test">
      <CalibrationsDialog
        opened
        cals={cals}
        steps={steps}
        readOnly={readOnly}
        onClose={onClose}
        onSave={onSave}
      />
    </AppProviders>,
  );
  return { onSave, onClose, user: userEvent.setup() };
}

const dialog = () => within(screen.getByRole('dialog', { name: 'Set Up Calibrations' }));
const row = (id: number) => within(dialog().getByRole('row', { name: `Calibration ${id}` }));
const box = (id: number, name: string) => row(id).getByRole('textbox', { name });
const expectMessage = (field: HTMLElement, message: string) =>
  waitFor(() => expect(field).toHaveAccessibleDescription(message));

describe("the 'Set Up Calibrations' dialog (docs/requirements/step-parameters.md#calibrations, docs/requirements/errors-and-envelope.md#client-side-errors)", () => {
  it('warns when a calibration covers more ports than its steps measure, and goes when it no longer does', async () => {
    const s11 = (id: number, actionId: ActionId) =>
      makeStep(id, actionId, { ...completeParam(actionId), calId: 1, sParam: 'S11' } as Step['param']);
    const { user } = renderDialog([CAL_2PORT], {
      steps: [s11(1, ActionId.Swr), s11(2, ActionId.ReturnLoss)],
    });
    const warnings = dialog().getByRole('status', { name: 'Calibration warnings' });
    expect(warnings).toHaveTextContent(
      'Only S11 is measured with calibration 1: a 1-port calibration of port 1 needs 3 connections instead of 7.',
    );
    await user.selectOptions(row(1).getByRole('combobox', { name: 'Type' }), '1');
    await waitFor(() => expect(warnings).toHaveTextContent(''));
  });

  it('lists the calibrations of the test', () => {
    renderDialog([CAL_2PORT, CAL_THRU]);
    expect(row(1).getByRole('combobox', { name: 'Type' })).toHaveValue('2');
    expect(row(1).getByRole('combobox', { name: 'Ports' })).toHaveValue('1-2');
    expect(box(1, 'Start frequency')).toHaveValue('100');
    expect(box(1, 'Stop frequency')).toHaveValue('1000');
    expect(row(2).getByRole('combobox', { name: 'Type' })).toHaveValue('5');
    expect(
      within(row(2).getByRole('combobox', { name: 'Type' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1-Port', '2-Port', '3-Port', '4-Port', 'Thru']);
  });

  it('adds a calibration with the defaults and resets the ports when the type changes', async () => {
    const { user } = renderDialog([CAL_2PORT]);
    await user.click(dialog().getByRole('button', { name: 'Add calibration' }));
    expect(box(2, 'Points')).toHaveValue('1601');
    expect(box(2, 'Power')).toHaveValue('0');
    expect(box(2, 'IFBW')).toHaveValue('1000');
    expect(box(2, 'Smoothing')).toHaveValue('0');
    expect(box(2, 'Start frequency')).toHaveValue('');
    const type = row(2).getByRole('combobox', { name: 'Type' });
    const ports = () => row(2).getByRole('combobox', { name: 'Ports' });
    await user.selectOptions(type, '3');
    expect(ports()).toHaveValue('1-2-3');
    expect(
      within(ports())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1-2-3', '1-2-4', '1-3-4', '2-3-4']);
    await user.selectOptions(ports(), '2-3-4');
    await user.selectOptions(type, '1');
    expect(ports()).toHaveValue('1');
  });

  it('checks every field as typed with the spec messages', async () => {
    const { user } = renderDialog([{ ...defaultCalibration(1, 2, '1-2') }]);
    await expectMessage(box(1, 'Start frequency'), VMSG.enterNumber);
    await user.type(box(1, 'Start frequency'), '900');
    await user.type(box(1, 'Stop frequency'), '800');
    await expectMessage(box(1, 'Start frequency'), MSG.calStartGreaterThanStop);
    const set = async (name: string, text: string) => {
      await user.clear(box(1, name));
      await user.type(box(1, name), text);
    };
    await set('Power', '31');
    await expectMessage(box(1, 'Power'), VMSG.between(-100, 30));
    await set('IFBW', '1.5');
    await expectMessage(box(1, 'IFBW'), VMSG.mustBeInteger);
    await set('Points', '0');
    await expectMessage(box(1, 'Points'), VMSG.atLeast(1));
    await set('Smoothing', '101');
    await expectMessage(box(1, 'Smoothing'), VMSG.between(0, 100));
  });

  it('saves only a valid list, then closes', async () => {
    const { user, onSave, onClose } = renderDialog([{ ...defaultCalibration(1, 2, '1-2') }]);
    await user.click(dialog().getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(box(1, 'Start frequency')).toHaveAccessibleDescription(VMSG.enterNumber);
    await user.type(box(1, 'Start frequency'), '100');
    await user.type(box(1, 'Stop frequency'), '200');
    await user.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith([
      { ...defaultCalibration(1, 2, '1-2'), startFreq_MHz: 100, stopFreq_MHz: 200 },
    ]);
  });

  it('stays open with the edits when the save fails', async () => {
    const { user, onSave, onClose } = renderDialog([CAL_2PORT], { fail: true });
    await user.click(row(1).getByRole('button', { name: 'Delete calibration 1' }));
    await user.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith([]));
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog().queryByRole('row', { name: 'Calibration 1' })).not.toBeInTheDocument();
  });

  it('holds up to 16 calibrations', async () => {
    const fifteen = Array.from({ length: 15 }, (_, i) => ({ ...CAL_2PORT, id: i + 1 }));
    const { user } = renderDialog(fifteen);
    const add = dialog().getByRole('button', { name: 'Add calibration' });
    await user.click(add);
    expect(row(16).getByRole('combobox', { name: 'Type' })).toBeInTheDocument();
    await user.click(add);
    expect(await screen.findByText(MSG.upTo16Calibrations)).toBeInTheDocument();
    expect(dialog().getAllByRole('row', { name: /^Calibration/ })).toHaveLength(16);
  });

  it('shows the calibrations read-only to operators', async () => {
    const { user, onClose } = renderDialog([CAL_2PORT], { readOnly: true });
    [
      ...row(1).getAllByRole('textbox'),
      ...row(1).getAllByRole('combobox'),
      ...row(1).getAllByRole('button'),
    ].forEach((el) => expect(el).toBeDisabled());
    expect(dialog().getByRole('button', { name: 'Add calibration' })).toBeDisabled();
    expect(dialog().queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.click(dialog().getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
