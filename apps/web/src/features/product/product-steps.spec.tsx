import { ActionId, dialogDefaultName, InstrumentId, MSG } from '@sweepline/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { list } from '../../../test/editor-queries';
import { MANAGER, renderApp } from '../../../test/render';
import {
  ALPHA,
  BETA,
  PASS_BAND,
  record,
  serveEditor,
  step,
  STOP_BAND,
  withSteps,
} from '../../../test/editor-fixtures';

beforeAll(() => import('./ProductPage'));

const stepOption = async (n: number) => within(await list('Test Steps')).getAllByRole('option')[n - 1]!;
const stepNames = async () =>
  within(await list('Test Steps'))
    .getAllByRole('option')
    .map((o) => o.getAttribute('aria-label'));
/** The positions (1-based) of the selected steps. */
const selected = async () =>
  within(await list('Test Steps'))
    .getAllByRole('option')
    .flatMap((o, i) => (o.getAttribute('aria-selected') === 'true' ? [i + 1] : []));
const button = (name: string) => screen.getByRole('button', { name });
type Step = ReturnType<typeof step>;
const [A, B, C, D, E] = PASS_BAND.steps as [Step, Step, Step, Step, Step];

describe('Products screen: steps (docs/requirements/test-editor.md#layout, docs/requirements/test-editor.md)', () => {
  it('selects by click, shift-click (a range from the anchor) and ctrl-click (never the last one off)', async () => {
    serveEditor();
    const { user } = renderApp('/product', MANAGER);
    await user.click(await stepOption(2));
    expect(await selected()).toEqual([2]);
    await user.keyboard('{Shift>}');
    await user.click(await stepOption(4));
    await user.keyboard('{/Shift}');
    expect(await selected()).toEqual([2, 3, 4]);
    await user.keyboard('{Control>}');
    await user.click(await stepOption(3));
    expect(await selected()).toEqual([2, 4]);
    await user.click(await stepOption(2));
    await user.click(await stepOption(4));
    expect(await selected()).toEqual([4]);
    await user.keyboard('{/Control}');
    // one step selected: its parameters show
    expect(
      within(screen.getByRole('region', { name: 'Step Parameters' })).getByRole('textbox', {
        name: 'Seconds',
      }),
    ).toBeInTheDocument();
    // arrows move the selection while the list has focus
    (await list('Test Steps')).focus();
    await user.keyboard('{ArrowDown}');
    expect(await selected()).toEqual([5]);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(await selected()).toEqual([3]);
  });

  it('moves only a contiguous selection, a burst of clicks as one call, the selection moving along', async () => {
    serveEditor();
    const sent = record('put', '/seq/step_order/:seqId', (body: { step_id_array: number[] }) =>
      withSteps(
        PASS_BAND,
        body.step_id_array.map((id) => PASS_BAND.steps.find((s) => s.id === id)!),
      ),
    );
    const { user } = renderApp('/product', MANAGER);
    await list('Test Steps');
    expect(button('Move up')).toBeDisabled();
    await user.click(await stepOption(2));
    await user.keyboard('{Control>}');
    await user.click(await stepOption(4));
    await user.keyboard('{/Control}');
    expect(button('Move up')).toBeDisabled();
    expect(button('Move down')).toBeDisabled();
    await user.keyboard('{Shift>}');
    await user.click(await stepOption(3));
    await user.keyboard('{/Shift}');
    expect(await selected()).toEqual([3, 4]);
    // a burst of clicks, faster than the debounce (jsdom's user-event clicks are slower than a person's)
    fireEvent.click(button('Move down'));
    fireEvent.click(button('Move down'));
    fireEvent.click(button('Move up'));
    fireEvent.click(button('Move up'));
    fireEvent.click(button('Move up'));
    expect(await stepNames()).toEqual(['1 Delay C', '2 Delay D', '3 Prompt A', '4 Delay B *', '5 Delay E']);
    expect(await selected()).toEqual([1, 2]);
    expect(button('Move up')).toBeDisabled();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      params: { seqId: '11' },
      body: { step_id_array: [103, 104, 101, 102, 105] },
    });
  });

  it('adds a step after the last selected one and selects it; the dialog asks for a type and a name', async () => {
    serveEditor();
    const added = { ...step(106, 'Delay 1 s'), isDefaultName: true };
    const sent = record('post', '/step', withSteps(PASS_BAND, [A, B, added, C, D, E]));
    const { user } = renderApp('/product', MANAGER);
    await user.click(await stepOption(2));
    await user.click(button('Add step'));
    const form = await screen.findByRole('dialog', { name: 'Add Step' });
    expect(within(form).getByRole('switch', { name: 'Default name' })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText(MSG.chooseType)).toBeInTheDocument();
    await user.click(within(form).getByRole('switch', { name: 'Default name' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText(MSG.inputName)).toBeInTheDocument();
    await user.click(within(form).getByRole('switch', { name: 'Default name' }));
    await user.click(within(form).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Delay' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Step' })).not.toBeInTheDocument());
    expect(sent[0]!.body).toEqual({
      seq_id: 11,
      instrument_id: InstrumentId.Common,
      action_id: ActionId.Delay,
      is_default_name: true,
      // the spec's body names the step: the default name the server makes from Delay's defaults
      name: dialogDefaultName({ instrumentId: InstrumentId.Common, actionId: ActionId.Delay }, undefined, []),
      after_step_id: 102,
    });
    expect((sent[0]!.body as { name: string }).name).toMatch(/^Delay/);
    expect(await stepNames()).toContain('3 Delay 1 s');
    expect(await selected()).toEqual([3]);
  });

  it('edits the one selected step, and asks for exactly one', async () => {
    serveEditor();
    const sent = record('put', '/step/:id', withSteps(PASS_BAND, [A, { ...B, name: 'Renamed' }, C, D, E]));
    const { user } = renderApp('/product', MANAGER);
    await user.click(await stepOption(2));
    await user.keyboard('{Shift>}');
    await user.click(await stepOption(3));
    await user.keyboard('{/Shift}');
    await user.click(button('Edit step'));
    expect(await screen.findByText('Select one step to edit')).toBeInTheDocument();
    await user.click(await stepOption(2));
    await user.click(button('Edit step'));
    const form = await screen.findByRole('dialog', { name: 'Edit Step' });
    expect(within(form).getByRole('switch', { name: 'Default name' })).not.toBeChecked();
    const name = within(form).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Delay B');
    await user.clear(name);
    await user.type(name, 'Renamed{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      params: { id: '102' },
      body: { instrument_id: 0, action_id: ActionId.Delay, is_default_name: false, name: 'Renamed' },
    });
    expect(await stepNames()).toContain('2 Renamed *');
  });

  it('copies and pastes steps with the keyboard after the last selected one, selecting the pasted range', async () => {
    serveEditor();
    const copies = [step(301, 'Prompt A'), step(302, 'Delay B')];
    const sent = record('post', '/step/copy', withSteps(PASS_BAND, [A, B, C, D, ...copies, E]));
    const { user } = renderApp('/product', MANAGER);
    await user.keyboard('{Shift>}');
    await user.click(await stepOption(2));
    await user.keyboard('{/Shift}');
    (await list('Test Steps')).focus();
    await user.keyboard('{Control>}c{/Control}');
    expect(await screen.findByText(MSG.copying('2 steps'))).toBeInTheDocument();
    await user.click(await stepOption(4));
    (await list('Test Steps')).focus();
    await user.keyboard('{Control>}v{/Control}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      source_step_id_array: [101, 102],
      target_seq_id: 11,
      after_step_id: 104,
    });
    expect(await selected()).toEqual([5, 6]);
  });

  it('deletes the selected steps with Delete and selects the step before them', async () => {
    serveEditor();
    const sent = record('delete', '/step', withSteps(PASS_BAND, [A, D, E]));
    const { user } = renderApp('/product', MANAGER);
    await user.click(await stepOption(2));
    await user.keyboard('{Shift>}');
    await user.click(await stepOption(3));
    await user.keyboard('{/Shift}');
    (await list('Test Steps')).focus();
    await user.keyboard('{Delete}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ step_id_array: [102, 103] });
    expect(await stepNames()).toEqual(['1 Prompt A', '2 Delay D', '3 Delay E']);
    expect(await selected()).toEqual([1]);
  });

  it('names a default-name step from its parameters as they are typed, and sends that name with them', async () => {
    const named = { ...A, isDefaultName: true, name: 'Delay 5 s', param: { value: 5 } as never };
    serveEditor([{ ...ALPHA, seqs: [withSteps(PASS_BAND, [named, B, C, D, E]), STOP_BAND] }, BETA]);
    const params = record('put', '/step/param/:id', (body: { param: never; name: string }) =>
      withSteps(PASS_BAND, [{ ...named, param: body.param, name: body.name }, B, C, D, E]),
    );
    const { user } = renderApp('/product', MANAGER);
    await list('Test Steps');
    const seconds = await within(screen.getByRole('region', { name: 'Step Parameters' })).findByRole(
      'textbox',
      {
        name: 'Seconds',
      },
    );
    await user.clear(seconds);
    await user.type(seconds, '12');
    // before any save: the list already names it from the draft
    await waitFor(async () => expect((await stepNames())[0]).toBe('1 Delay 12 s'));
    expect(params).toHaveLength(0);
    await user.click(await stepOption(2));
    await waitFor(() => expect(params).toHaveLength(1));
    expect(params[0]).toMatchObject({ body: { param: { value: 12 }, name: 'Delay 12 s' } });
    expect((await stepNames())[0]).toBe('1 Delay 12 s');
  });

  it('marks an edited step unsaved in red, and saves it before any other action', async () => {
    serveEditor();
    const saved = { ...A, param: { value: 7 } as never };
    const params = record('put', '/step/param/:id', withSteps(PASS_BAND, [saved, B, C, D, E]));
    const { user } = renderApp('/product', MANAGER);
    await list('Test Steps');
    const panel = screen.getByRole('region', { name: 'Step Parameters' });
    const seconds = await within(panel).findByRole('textbox', { name: 'Seconds' });
    await user.clear(seconds);
    await user.type(seconds, '7');
    const hint = await within(panel).findByRole('button', { name: MSG.changesNotSaved });
    expect(params).toHaveLength(0);
    // a selection change is an action: the edit is saved first
    await user.click(await stepOption(3));
    await waitFor(() => expect(params).toHaveLength(1));
    expect(params[0]).toMatchObject({
      params: { id: '101' },
      body: { param: { value: 7 }, name: 'Prompt A' },
    });
    expect(await selected()).toEqual([3]);
    await waitFor(() => expect(hint).not.toBeInTheDocument());
    // and a click on the hint saves at once
    const other = await within(panel).findByRole('textbox', { name: 'Seconds' });
    await user.clear(other);
    await user.type(other, '3');
    await user.click(await within(panel).findByRole('button', { name: MSG.changesNotSaved }));
    await waitFor(() => expect(params).toHaveLength(2));
    expect(params[1]).toMatchObject({ params: { id: '103' }, body: { param: { value: 3 } } });
  });
});
