import { MSG, Role } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { MANAGER, renderApp } from '../../../test/render';
import { ok, path, refuse, server } from '../../../test/server';
import { ACCOUNT, ALAN, BOB, CAROL, serveSettings } from '../../../test/settings-fixtures';
import { TEXTS } from '../../app/texts';

const table = () => screen.findByRole('table', { name: 'Users' });
const rows = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1);
const rowTexts = async () =>
  (await rows()).map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  );
const selectedName = async () =>
  (await rows()).find((row) => row.getAttribute('aria-selected') === 'true')?.firstChild?.textContent;
const button = (name: string) =>
  within(screen.getByRole('region', { name: 'Users' })).getByRole('button', { name });

function record(method: 'post' | 'put' | 'delete', url: string, reply: unknown, seen: unknown[]) {
  return http[method](path(url), async ({ request, params }) => {
    seen.push({ params, body: method === 'delete' ? undefined : await request.json() });
    return ok(reply as never);
  });
}

describe('Settings: users (docs/requirements/accounts-and-users.md, docs/requirements/accounts-and-users.md#user-actions, docs/requirements/accounts-and-users.md#failures)', () => {
  it('lists the users with their role and status, the first selected', async () => {
    serveSettings();
    renderApp('/Setting', MANAGER);
    expect(
      within(await table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Role', 'Status']);
    expect(await rowTexts()).toEqual([
      ['alan', 'alan@acme.example', 'Editor', TEXTS.userActive],
      ['Bob', 'bob@acme.example', 'Operator', TEXTS.userWaiting],
      ['carol', 'carol@acme.example', 'Operator', TEXTS.userActive],
    ]);
    expect(TEXTS.userActive).toBe('Activated');
    expect(TEXTS.userWaiting).toBe('Waiting to activate');
    expect(await selectedName()).toBe('alan');
  });

  it('highlights one row, chosen by click or keyboard', async () => {
    serveSettings();
    const { user } = renderApp('/Setting', MANAGER);
    await user.click((await rows())[2]!);
    expect(await selectedName()).toBe('carol');
    (await rows())[1]!.focus();
    await user.keyboard('{Enter}');
    expect(await selectedName()).toBe('Bob');
    expect((await rows()).filter((row) => row.getAttribute('aria-selected') === 'true')).toHaveLength(1);
  });

  it('adds a user: checks the fields, Operator by default, Enter saves, placed by name and selected', async () => {
    serveSettings();
    const sent: unknown[] = [];
    const dora = { id: 12, name: 'Aaron', email: 'aaron@acme.example', role: Role.Operator, active: false };
    server.use(record('post', '/user', dora, sent));
    const scrolled = jest.spyOn(HTMLElement.prototype, 'scrollIntoView');
    const { user } = renderApp('/Setting', MANAGER);
    await table();
    await user.click(button('Add User'));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    expect(within(dialog).getByRole('radio', { name: 'Operator' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(MSG.emptyInput)).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.inputEmail)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'aaron');
    expect(within(dialog).getByText(MSG.invalidEmail)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), '@acme.example');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), ' Aaron {Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([
      { params: {}, body: { name: 'Aaron', email: 'aaron@acme.example', role: Role.Operator } },
    ]);
    expect((await rowTexts()).map((cells) => cells[0])).toEqual(['Aaron', 'alan', 'Bob', 'carol']);
    expect(await selectedName()).toBe('Aaron');
    expect(scrolled).toHaveBeenLastCalledWith({ block: 'nearest' });
    expect(scrolled.mock.contexts.at(-1)).toBe((await rows())[0]);
  });

  it('gives an editor role when chosen', async () => {
    serveSettings();
    const sent: unknown[] = [];
    server.use(record('post', '/user', { ...CAROL, id: 20, name: 'dan', role: Role.Editor }, sent));
    const { user } = renderApp('/Setting', MANAGER);
    await table();
    await user.click(button('Add User'));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'dan');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'dan@acme.example');
    await user.click(within(dialog).getByRole('radio', { name: 'Editor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ body: { role: Role.Editor } });
  });

  it('keeps the dialog open on a click outside, and on a refusal', async () => {
    serveSettings();
    server.use(http.post(path('/user'), () => refuse('This e-mail address is already registered', 409)));
    const { user } = renderApp('/Setting', MANAGER);
    await table();
    await user.click(button('Add User'));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.click(document.querySelector('.mantine-Modal-overlay')!);
    expect(screen.getByRole('dialog', { name: 'Add User' })).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'alan two');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'alan@acme.example{Enter}');
    const error = await screen.findByRole('dialog', { name: TEXTS.error });
    expect(within(error).getByText('This e-mail address is already registered')).toBeInTheDocument();
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('dialog', { name: 'Add User' })).toBeInTheDocument();
  });

  it('edits the selected user, the e-mail read-only', async () => {
    serveSettings();
    const sent: unknown[] = [];
    server.use(record('put', '/user/:id', { ...BOB, name: 'Bobby', role: Role.Editor }, sent));
    const { user } = renderApp('/Setting', MANAGER);
    await user.click((await rows())[1]!);
    await user.click(button('Edit'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('radio', { name: 'Operator' })).toBeChecked();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Bobby');
    await user.click(within(dialog).getByRole('radio', { name: 'Editor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ params: { id: '3' }, body: { name: 'Bobby', role: Role.Editor } }]);
    expect((await rowTexts())[1]).toEqual(['Bobby', 'bob@acme.example', 'Editor', TEXTS.userWaiting]);
    expect(await selectedName()).toBe('Bobby');
  });

  it("resets a password after 'Reset {name}'s password?'", async () => {
    serveSettings();
    const sent: unknown[] = [];
    server.use(record('post', '/user/forget_pass', null, sent));
    const { user } = renderApp('/Setting', MANAGER);
    await user.click((await rows())[2]!);
    await user.click(button('Reset Password'));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(MSG.resetPasswordOf('carol'))).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText(TEXTS.resetMailSent(CAROL.email))).toBeInTheDocument();
    expect(sent).toEqual([{ params: {}, body: { email: CAROL.email } }]);
  });

  it('makes no call when a confirmation is cancelled', async () => {
    serveSettings();
    const { user } = renderApp('/Setting', MANAGER);
    await table();
    await user.click(button('Delete'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await rows()).toHaveLength(3);
  });

  it('only tells that an active user is already active, with no call', async () => {
    serveSettings();
    const { user } = renderApp('/Setting', MANAGER);
    await table();
    await user.click(button('Reactivate'));
    expect(await screen.findByText(TEXTS.userAlreadyActive)).toBeInTheDocument();
  });

  it('mails a waiting user again on Reactivate', async () => {
    serveSettings();
    const sent: unknown[] = [];
    server.use(record('put', '/user/reactivate/:id', BOB, sent));
    const { user } = renderApp('/Setting', MANAGER);
    await user.click((await rows())[1]!);
    await user.click(button('Reactivate'));
    expect(await screen.findByText(TEXTS.activationMailSent(BOB.email))).toBeInTheDocument();
    expect(sent).toEqual([{ params: { id: '3' }, body: {} }]);
  });

  it("deletes after 'Delete {name}?' and selects the previous row", async () => {
    serveSettings();
    const sent: unknown[] = [];
    server.use(record('delete', '/user/:id', null, sent));
    const { user } = renderApp('/Setting', MANAGER);
    await user.click((await rows())[2]!);
    await user.click(button('Delete'));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(MSG.deleteUser('carol'))).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    expect(sent).toEqual([{ params: { id: '9' }, body: undefined }]);
    expect(await selectedName()).toBe('Bob');
  });

  it('selects the new first row after deleting the first, and nothing after deleting the last', async () => {
    serveSettings({ ...ACCOUNT, user_list: [ALAN, BOB] });
    server.use(http.delete(path('/user/:id'), () => ok(null)));
    const { user } = renderApp('/Setting', MANAGER);
    await table();
    await user.click(button('Delete'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect(await selectedName()).toBe('Bob'));
    await user.click(button('Delete'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect(await rows()).toHaveLength(0));
    for (const name of ['Edit', 'Reset Password', 'Reactivate', 'Delete'])
      expect(button(name)).toBeDisabled();
    expect(button('Add User')).toBeEnabled();
  });

  it('shows a failed action in a dialog titled Error', async () => {
    serveSettings();
    server.use(http.delete(path('/user/:id'), () => refuse('User not found', 404)));
    const { user } = renderApp('/Setting', MANAGER);
    await table();
    await user.click(button('Delete'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const error = await screen.findByRole('dialog', { name: TEXTS.error });
    expect(within(error).getByText('User not found')).toBeInTheDocument();
    expect(await rows()).toHaveLength(3);
  });
});
