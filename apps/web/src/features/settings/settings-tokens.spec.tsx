import { MSG, Role } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { MANAGER, renderApp } from '../../../test/render';
import { ok, path, refuse, server } from '../../../test/server';
import { TOKEN, serveSettings } from '../../../test/settings-fixtures';
import { TEXTS } from '../../app/texts';

const SECRET = 'swl_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const section = () => screen.findByRole('region', { name: 'API tokens' });
const tokenRows = async () =>
  within(await section())
    .getAllByRole('row')
    .slice(1);

describe('Settings: API tokens (docs/requirements/identity.md#api-tokens, docs/api/accounts.md)', () => {
  it('lists the live tokens without their secret', async () => {
    serveSettings();
    renderApp('/Setting', MANAGER);
    const [row] = await tokenRows();
    const cells = within(row!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 2)).toEqual(['Line 3 PC', 'Operator']);
    expect(cells[2]).toMatch(/^2026-11-2\d \d\d:\d\d$/);
    expect(cells[3]).toBe('Never');
    // issue 38 (axe's empty-table-header): the Revoke buttons' column has a name too
    expect(
      within(screen.getByRole('table', { name: 'API tokens' }))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Role', 'Created', 'Last used', 'Actions']);
  });

  it('creates a token with a name and role, and shows its secret once', async () => {
    serveSettings();
    const sent: unknown[] = [];
    const made = { id: 5, name: 'CI', role: Role.Editor };
    server.use(
      http.post(path('/user/api_tokens'), async ({ request }) => {
        sent.push(await request.json());
        server.use(
          http.get(path('/user/api_tokens'), () =>
            ok([TOKEN, { ...made, createdAt: TOKEN.createdAt, lastUsedAt: null }]),
          ),
        );
        return ok({ ...made, token: SECRET });
      }),
    );
    const { user } = renderApp('/Setting', MANAGER);
    await user.click(within(await section()).getByRole('button', { name: 'Create Token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API Token' });
    expect(within(dialog).getByRole('radio', { name: 'Operator' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText(MSG.emptyInput)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' CI ');
    await user.click(within(dialog).getByRole('radio', { name: 'Editor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const secret = await screen.findByRole('dialog', { name: 'API token CI' });
    expect(within(secret).getByText(SECRET)).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'CI', role: Role.Editor }]);
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    expect((await tokenRows()).map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Line 3 PC',
      'CI',
    ]);
  });

  it('revokes a token after a confirmation', async () => {
    serveSettings();
    const revoked: unknown[] = [];
    server.use(
      http.delete(path('/user/api_tokens/:id'), ({ params }) => {
        revoked.push(params.id);
        return ok(null);
      }),
    );
    const { user } = renderApp('/Setting', MANAGER);
    await user.click(within(await section()).getByRole('button', { name: 'Revoke Line 3 PC' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Revoke the API token Line 3 PC?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(async () => expect(await tokenRows()).toHaveLength(0));
    expect(revoked).toEqual(['4']);
  });

  it('shows a refused token in a dialog titled Error', async () => {
    serveSettings();
    server.use(
      http.post(path('/user/api_tokens'), () => refuse('An API token with this name already exists', 409)),
    );
    const { user } = renderApp('/Setting', MANAGER);
    await user.click(within(await section()).getByRole('button', { name: 'Create Token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API Token' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Line 3 pc{Enter}');
    const error = await screen.findByRole('dialog', { name: TEXTS.error });
    expect(within(error).getByText('An API token with this name already exists')).toBeInTheDocument();
  });
});
