import { ORIGIN_MSG } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { MANAGER, renderApp } from '../../../test/render';
import { ok, path, refuse, server } from '../../../test/server';
import { serveSettings } from '../../../test/settings-fixtures';
import { TEXTS } from '../../app/texts';
import { INSTRUMENT_SETTING_TEXTS } from './InstrumentSettingsSection';

const allowSwitch = async () =>
  within(await screen.findByRole('region', { name: INSTRUMENT_SETTING_TEXTS.title })).findByRole('switch', {
    name: INSTRUMENT_SETTING_TEXTS.allowOverdue,
  });

describe('Settings: measuring with overdue instruments (issue 40, docs/web.md "Instruments")', () => {
  it('shows the stored setting, says every such run is marked, and saves a change at once', async () => {
    serveSettings();
    const sent: unknown[] = [];
    server.use(
      http.get(path('/user/instrument_settings'), () => ok({ allowOverdue: true })),
      http.put(path('/user/instrument_settings'), async ({ request }) => {
        const body = (await request.json()) as { allowOverdue: boolean };
        sent.push(body);
        return ok(body);
      }),
    );
    const { user } = renderApp('/Setting', MANAGER);
    const allow = await allowSwitch();
    expect(allow).toBeChecked();
    expect(allow).toHaveAccessibleDescription(expect.stringContaining(ORIGIN_MSG.measuredOverdue));
    expect(allow).toHaveAccessibleDescription(expect.stringContaining('every such run is marked'));
    await user.click(allow);
    await waitFor(() => expect(allow).not.toBeChecked());
    expect(sent).toEqual([{ allowOverdue: false }]);
  });

  it('shows a refused save in the error dialog and keeps the setting as stored', async () => {
    serveSettings();
    server.use(
      http.put(path('/user/instrument_settings'), () => refuse('Only the manager changes this', 403)),
    );
    const { user } = renderApp('/Setting', MANAGER);
    const allow = await allowSwitch();
    await user.click(allow);
    expect(await screen.findByRole('dialog', { name: TEXTS.error })).toHaveTextContent(
      'Only the manager changes this',
    );
    expect(allow).not.toBeChecked();
  });
});
