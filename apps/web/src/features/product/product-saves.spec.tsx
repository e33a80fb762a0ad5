import { MSG } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { list } from '../../../test/editor-queries';
import { MANAGER, renderApp } from '../../../test/render';
import { PASS_BAND, record, serveEditor } from '../../../test/editor-fixtures';
import { path, refuse, server } from '../../../test/server';
import { TEXTS } from '../../app/texts';

beforeAll(() => import('./ProductPage'));

describe('Products screen: saves and failures (docs/requirements/test-editor.md#saving, docs/requirements/errors-and-envelope.md#client-side-errors)', () => {
  it('saves the calibrations with POST /seq/cals and shows the stored list', async () => {
    serveEditor();
    const stored = {
      id: 1,
      type: 2,
      ports: '1-2',
      startFreq_MHz: 100,
      stopFreq_MHz: 1000,
      freqPoints: 1601,
      power_dBm: 0,
      IFBW_Hz: 1000,
      smoothing: 0,
    };
    const sent = record('post', '/seq/cals/:seqId', { ...PASS_BAND, cals: [stored] });
    const { user } = renderApp('/product', MANAGER);
    await list('Tests');
    await user.click(screen.getByRole('button', { name: 'Set Up Calibrations' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Up Calibrations' });
    await user.click(within(dialog).getByRole('button', { name: 'Add calibration' }));
    const row = within(within(dialog).getByRole('row', { name: 'Calibration 1' }));
    await user.type(row.getByRole('textbox', { name: 'Start frequency' }), '100');
    await user.type(row.getByRole('textbox', { name: 'Stop frequency' }), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Set Up Calibrations' })).not.toBeInTheDocument(),
    );
    expect(sent[0]).toMatchObject({ params: { seqId: '11' }, body: { cals: [stored] } });
    await user.click(screen.getByRole('button', { name: 'Set Up Calibrations' }));
    const again = await screen.findByRole('dialog', { name: 'Set Up Calibrations' });
    expect(within(again).getByRole('row', { name: 'Calibration 1' })).toBeInTheDocument();
  });

  it('shows a failed save in the error alert, keeps the edit pending and does not run the action', async () => {
    serveEditor();
    server.use(http.put(path('/step/param/:id'), () => refuse('The step parameters are too large')));
    const deleted = record('delete', '/step', PASS_BAND);
    const { user } = renderApp('/product', MANAGER);
    await list('Test Steps');
    const panel = screen.getByRole('region', { name: 'Step Parameters' });
    const seconds = await within(panel).findByRole('textbox', { name: 'Seconds' });
    await user.clear(seconds);
    await user.type(seconds, '9');
    await within(panel).findByRole('button', { name: MSG.changesNotSaved });
    await user.click(screen.getByRole('button', { name: 'Delete steps' }));
    const alert = await screen.findByRole('dialog', { name: TEXTS.error });
    expect(alert).toHaveTextContent('The step parameters are too large');
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(deleted).toHaveLength(0);
    expect(within(panel).getByRole('button', { name: MSG.changesNotSaved })).toBeInTheDocument();
    expect(within(await list('Test Steps')).getAllByRole('option')).toHaveLength(5);
  });

  it('asks before deleting the product focused in its list (Delete key)', async () => {
    serveEditor();
    const { user } = renderApp('/product', MANAGER);
    (await list('Products')).focus();
    await user.keyboard('{Delete}');
    const confirm = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(confirm).toHaveTextContent(MSG.deleteProduct('Alpha'));
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm' })).not.toBeInTheDocument());
  });
});
