import { ActionId, defaultAlignment, defaultLimitLine, defaultTrace, MSG, VMSG } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { CAL_2PORT, CAL_THRU, renderParamForm, stepOf } from '../../../../test/param-form';

// an Align form holds many inputs: on a loaded machine jsdom needs seconds per full render
jest.setTimeout(90_000);

type User = ReturnType<typeof renderParamForm>['user'];

const tool = (name: string) => screen.getByRole('button', { name });
const alignmentButtons = () =>
  within(screen.getByRole('group', { name: 'Alignments' }))
    .getAllByRole('button', { name: /^Alignment \d/ })
    .map((b) => [b.textContent?.replace(/\s\*$/, ''), b.getAttribute('aria-pressed')]);
const params = () => within(screen.getByRole('group', { name: /^Alignment \d+ parameters$/ }));
const trace = (n: number) => within(screen.getByRole('group', { name: `Trace ${n}` }));
const expectMessage = (field: HTMLElement, message: string) =>
  waitFor(() => expect(field).toHaveAccessibleDescription(message));

async function addAlignments(user: User, titles: string[]) {
  for (const title of titles) {
    await user.click(tool('Add alignment'));
    await user.type(params().getByRole('textbox', { name: 'Title' }), title);
  }
}

async function clickTimes(user: User, button: HTMLElement, times: number) {
  for (let i = 0; i < times; i++) await user.click(button);
}

describe('the Align editor (docs/requirements/step-parameters.md#alignment-check, docs/requirements/errors-and-envelope.md#client-side-errors)', () => {
  it('starts empty, asks for an alignment and adds one with the defaults', async () => {
    const { user, last } = renderParamForm(stepOf(ActionId.Align));
    expect(await screen.findByText(VMSG.addAlignment)).toBeInTheDocument();
    await user.click(tool('Add alignment'));
    expect(alignmentButtons()).toEqual([['Alignment 1', 'true']]);
    expect(params().getByRole('textbox', { name: 'IFBW' })).toHaveValue('30000');
    expect(params().getByRole('textbox', { name: 'Average' })).toHaveValue('1');
    expect(params().getByRole('textbox', { name: 'Divisions' })).toHaveValue('10');
    expect(params().getByRole('switch', { name: 'Show frequency' })).toBeChecked();
    expect(params().getByRole('switch', { name: 'Gating' })).not.toBeChecked();
    expect(last()).toMatchObject({ channelArray: [{ IFBW_Hz: 30000, traceArray: [] }] });
    expect(await screen.findByText(VMSG.addSParameter)).toBeInTheDocument();
  });

  it('holds up to 9 alignments', async () => {
    const { user } = renderParamForm(stepOf(ActionId.Align));
    await clickTimes(user, tool('Add alignment'), 9);
    expect(alignmentButtons()).toHaveLength(9);
    await user.click(tool('Add alignment'));
    expect(await screen.findByText(MSG.upTo9Alignments)).toBeInTheDocument();
    expect(alignmentButtons()).toHaveLength(9);
  });

  it('moves the selected alignment up and down, the selection following it', async () => {
    const { user, last } = renderParamForm(stepOf(ActionId.Align));
    await addAlignments(user, ['A', 'B', 'C']);
    await user.click(tool('Move alignment up'));
    expect(alignmentButtons()).toEqual([
      ['Alignment 1: A', 'false'],
      ['Alignment 2: C', 'true'],
      ['Alignment 3: B', 'false'],
    ]);
    await clickTimes(user, tool('Move alignment up'), 2);
    expect(alignmentButtons().map(([t]) => t)).toEqual([
      'Alignment 1: C',
      'Alignment 2: A',
      'Alignment 3: B',
    ]);
    await user.click(tool('Move alignment down'));
    expect(alignmentButtons()[1]).toEqual(['Alignment 2: C', 'true']);
    expect(last()).toMatchObject({ channelArray: [{ title: 'A' }, { title: 'C' }, { title: 'B' }] });
  });

  it('copies and pastes an alignment after the selected one', async () => {
    const { user, last } = renderParamForm(stepOf(ActionId.Align));
    await user.click(tool('Copy alignment'));
    expect(await screen.findByText(MSG.noAlignmentSelected)).toBeInTheDocument();
    await addAlignments(user, ['A', 'B']);
    await user.click(tool('Paste alignment'));
    expect(await screen.findByText(MSG.copyAlignmentFirst)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Alignment 1: A' }));
    await user.click(tool('Copy alignment'));
    await user.click(tool('Paste alignment'));
    expect(alignmentButtons()).toEqual([
      ['Alignment 1: A', 'false'],
      ['Alignment 2: A', 'true'],
      ['Alignment 3: B', 'false'],
    ]);
    // the copy is edited on its own
    await user.type(params().getByRole('textbox', { name: 'Title' }), '2');
    expect(last()).toMatchObject({ channelArray: [{ title: 'A' }, { title: 'A2' }, { title: 'B' }] });
  });

  it('deletes the selected alignment after the confirmation', async () => {
    const { user } = renderParamForm(stepOf(ActionId.Align));
    await addAlignments(user, ['A', 'B']);
    await user.click(tool('Delete alignment'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG.deleteAlignment)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(alignmentButtons()).toEqual([['Alignment 1: A', 'true']]);
  });

  it('checks divisions, IFBW and average', async () => {
    const { user } = renderParamForm(stepOf(ActionId.Align));
    await user.click(tool('Add alignment'));
    const div = params().getByRole('textbox', { name: 'Divisions' });
    await user.clear(div);
    await user.type(div, '5');
    await expectMessage(div, VMSG.inSteps(4, 30, 2));
    const ifbw = params().getByRole('textbox', { name: 'IFBW' });
    await user.clear(ifbw);
    await user.type(ifbw, '0');
    await expectMessage(ifbw, VMSG.atLeast(1));
  });

  it('keeps exactly one trace active, up to 9 traces', async () => {
    const { user, last } = renderParamForm(stepOf(ActionId.Align));
    await user.click(tool('Add alignment'));
    const add = tool('Add S parameter');
    await clickTimes(user, add, 2);
    expect(trace(1).getByRole('radio', { name: 'Active' })).toBeChecked();
    expect(trace(2).getByRole('radio', { name: 'Active' })).not.toBeChecked();
    await user.click(trace(2).getByRole('radio', { name: 'Active' }));
    expect(trace(1).getByRole('radio', { name: 'Active' })).not.toBeChecked();
    expect(last()).toMatchObject({
      channelArray: [{ traceArray: [{ isActive: false }, { isActive: true }] }],
    });
    await user.click(tool('Delete trace 2'));
    expect(trace(1).getByRole('radio', { name: 'Active' })).toBeChecked();
    await clickTimes(user, add, 8);
    await user.click(add);
    expect(await screen.findByText(MSG.upTo9SParameters)).toBeInTheDocument();
    expect(screen.getAllByRole('group', { name: /^Trace \d$/ })).toHaveLength(9);
  });

  it('offers the calibration S parameters and the formats of a reflection or a transmission', async () => {
    const { user, last } = renderParamForm(stepOf(ActionId.Align));
    await user.click(tool('Add alignment'));
    await user.selectOptions(params().getByRole('combobox', { name: 'Calibration' }), String(CAL_2PORT.id));
    await user.click(tool('Add S parameter'));
    const sParam = () => trace(1).getByRole('combobox', { name: 'S parameter' });
    const formats = () =>
      within(trace(1).getByRole('combobox', { name: 'Format' }))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(
      within(sParam())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'S11', 'S12', 'S21', 'S22']);
    await user.selectOptions(sParam(), 'S11');
    expect(formats()).toEqual(['Log Mag', 'Phase', 'Group Delay', 'SWR']);
    await user.selectOptions(trace(1).getByRole('combobox', { name: 'Format' }), 'SWR');
    await user.selectOptions(sParam(), 'S21');
    expect(formats()).toEqual(['Log Mag', 'Phase', 'Group Delay']);
    expect(trace(1).getByRole('combobox', { name: 'Format' })).toHaveValue('0');
    await user.selectOptions(sParam(), 'S11');
    // a Thru offers no reflection: the trace's S parameter is cleared
    await user.selectOptions(params().getByRole('combobox', { name: 'Calibration' }), String(CAL_THRU.id));
    expect(sParam()).toHaveValue('');
    expect(last()).toMatchObject({ channelArray: [{ calId: CAL_THRU.id, traceArray: [{ sParam: '' }] }] });
    await expectMessage(sParam(), VMSG.chooseSParam);
  });

  it('checks limit lines and markers against the calibration range', async () => {
    const { user } = renderParamForm(stepOf(ActionId.Align));
    await user.click(tool('Add alignment'));
    await user.selectOptions(params().getByRole('combobox', { name: 'Calibration' }), String(CAL_THRU.id));
    await user.click(tool('Add S parameter'));
    await user.click(tool('Add limit line'));
    const line = within(screen.getByRole('group', { name: 'Line 1' }));
    expect(line.getByRole('combobox', { name: 'Type' })).toHaveValue('MAX');
    await user.type(line.getByRole('textbox', { name: 'Start frequency' }), '400');
    await expectMessage(line.getByRole('textbox', { name: 'Start frequency' }), MSG.lineOutOfCalRange);
    await user.clear(line.getByRole('textbox', { name: 'Start frequency' }));
    await user.type(line.getByRole('textbox', { name: 'Start frequency' }), '590');
    await user.type(line.getByRole('textbox', { name: 'Stop frequency' }), '510');
    await expectMessage(line.getByRole('textbox', { name: 'Start frequency' }), MSG.lineStartGreaterThanStop);
    await user.click(tool('Add marker'));
    const marker = within(screen.getByRole('group', { name: 'Marker 1' }));
    await user.type(marker.getByRole('textbox', { name: 'Frequency' }), '700');
    await expectMessage(marker.getByRole('textbox', { name: 'Frequency' }), MSG.markerOutOfCalRange);
  });

  it('holds up to 9 limit lines and 9 markers per trace', async () => {
    const eight = <T,>(item: T) => Array.from({ length: 8 }, () => ({ ...item }));
    const alignment = {
      ...defaultAlignment(),
      calId: CAL_THRU.id,
      traceArray: [
        {
          ...defaultTrace(true),
          lineArray: eight(defaultLimitLine()),
          markerArray: eight({ freq_MHz: 550 }),
        },
      ],
    };
    const { user, last } = renderParamForm(stepOf(ActionId.Align, { channelArray: [alignment] }));
    await user.click(tool('Add limit line'));
    await user.click(tool('Add limit line'));
    expect(await screen.findByText(MSG.upTo9LimitLines)).toBeInTheDocument();
    expect(screen.getAllByRole('group', { name: /^Line \d$/ })).toHaveLength(9);
    await user.click(tool('Add marker'));
    await user.click(tool('Add marker'));
    expect(await screen.findByText(MSG.upTo9Markers)).toBeInTheDocument();
    await user.click(tool('Delete marker 1'));
    expect(screen.getAllByRole('group', { name: /^Marker \d$/ })).toHaveLength(8);
    expect(last()).toMatchObject({ channelArray: [{ traceArray: [{ lineArray: eight({}).concat({}) }] }] });
  });
});
