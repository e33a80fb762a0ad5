import { MSG } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { MANAGER, at, renderApp } from '../../../test/render';
import { ok, path, refuse, server } from '../../../test/server';
import { serveSettings } from '../../../test/settings-fixtures';
import { TEXTS } from '../../app/texts';

const account = () => screen.findByRole('region', { name: 'Account' });

describe('Settings: account (docs/requirements/accounts-and-users.md, docs/requirements/accounts-and-users.md#failures)', () => {
  it('shows a failed load in an error dialog', async () => {
    server.use(
      http.get(path('/user/account'), () =>
        refuse('Your role may not do this: it needs the account manager', 403),
      ),
      http.get(path('/user/api_tokens'), () => ok([])),
    );
    renderApp('/Setting', MANAGER);
    const dialog = await screen.findByRole('dialog', { name: TEXTS.error });
    expect(
      within(dialog).getByText('Your role may not do this: it needs the account manager'),
    ).toBeInTheDocument();
  });

  it('shows the names, the manager e-mail read-only and the password masked', async () => {
    serveSettings();
    renderApp('/Setting', MANAGER);
    const section = await account();
    expect(within(section).getByText('Acme RF')).toBeInTheDocument();
    expect(within(section).getByText('Ann')).toBeInTheDocument();
    expect(within(section).getByText('ann@acme.example')).toBeInTheDocument();
    expect(within(section).getByText('********')).toBeInTheDocument();
    expect(
      within(section)
        .getAllByRole('button', { name: /^Change/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Change account name', 'Change manager name', 'Change manager password']);
  });

  it('changes the password on ModifyPass', async () => {
    serveSettings();
    const { user, router } = renderApp('/Setting', MANAGER);
    await user.click(within(await account()).getByRole('button', { name: 'Change manager password' }));
    await waitFor(() => expect(at(router)).toBe('/ModifyPass'));
  });

  it('renames the account under the name rule, trimmed, with Enter', async () => {
    serveSettings();
    const sent: unknown[] = [];
    server.use(
      http.put(path('/user/account_name'), async ({ request }) => {
        sent.push(await request.json());
        return ok({ account_name: 'Acme Labs' });
      }),
    );
    const { user } = renderApp('/Setting', MANAGER);
    await user.click(within(await account()).getByRole('button', { name: 'Change account name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Account Name' });
    const input = within(dialog).getByRole('textbox', { name: 'Account name' });
    expect(input).toHaveValue('Acme RF');
    await user.clear(input);
    expect(within(dialog).getByText(MSG.emptyInput)).toBeInTheDocument();
    await user.type(input, 'Acme|Labs');
    expect(within(dialog).getByText(MSG.invalidCharacter)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, ' Acme Labs {Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ name: 'Acme Labs' }]);
    expect(within(await account()).getByText('Acme Labs')).toBeInTheDocument();
  });

  it('renames the manager, and the user menu shows the new name', async () => {
    serveSettings();
    server.use(http.put(path('/user/manager_name'), () => ok({ manager_name: 'Annie' })));
    const { user } = renderApp('/Setting', MANAGER);
    await user.click(within(await account()).getByRole('button', { name: 'Change manager name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Manager Name' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Manager name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Manager name' }), 'Annie');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const header = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(header).findByRole('button', { name: 'Annie' })).toBeInTheDocument();
  });

  it('shows a refused rename in a dialog titled Error and keeps the name dialog', async () => {
    serveSettings();
    server.use(http.put(path('/user/account_name'), () => refuse('name: No more than 100 characters')));
    const { user } = renderApp('/Setting', MANAGER);
    await user.click(within(await account()).getByRole('button', { name: 'Change account name' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Change Account Name' })).getByRole('button', {
        name: 'Save',
      }),
    );
    const error = await screen.findByRole('dialog', { name: TEXTS.error });
    expect(within(error).getByText('name: No more than 100 characters')).toBeInTheDocument();
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('dialog', { name: 'Change Account Name' })).toBeInTheDocument();
  });
});
