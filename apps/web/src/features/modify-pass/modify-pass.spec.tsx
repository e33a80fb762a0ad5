import { MSG } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { MANAGER, at, renderApp } from '../../../test/render';
import { ok, path, refuse, server } from '../../../test/server';

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

function changeHandler(seen: unknown[], refusal?: string) {
  return http.put(path('/user/pass'), async ({ request }) => {
    seen.push(await request.json());
    return refusal ? refuse(refusal) : ok(null);
  });
}

async function fill(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText(/^Current password/), 'secret123');
  await user.type(field('New password'), 'better123');
  await user.type(field('Confirm new password'), 'better123');
  await user.click(screen.getByRole('button', { name: 'Change' }));
}

describe('Change Password (docs/requirements/identity.md#change-password, docs/requirements/identity.md#password-rule, docs/requirements/identity.md#failures)', () => {
  it('asks for every field', async () => {
    const { user } = renderApp('/ModifyPass', MANAGER);
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    expect(screen.getByText(MSG.enterCurrentPassword)).toBeInTheDocument();
    expect(screen.getByText(MSG.enterNewPassword)).toBeInTheDocument();
    expect(screen.getByText(MSG.enterNewPasswordAgain)).toBeInTheDocument();
  });

  it('applies the password rule and compares the two new passwords', async () => {
    const { user } = renderApp('/ModifyPass', MANAGER);
    await user.type(await screen.findByLabelText(/^New password/), '12345678');
    expect(screen.getByText(MSG.passwordRule)).toBeInTheDocument();
    await user.type(field('Confirm new password'), '1234567');
    expect(screen.getByText(MSG.newPasswordsDifferent)).toBeInTheDocument();
    await user.type(field('Confirm new password'), '8');
    expect(screen.queryByText(MSG.newPasswordsDifferent)).not.toBeInTheDocument();
  });

  it("changes the password: 'Password updated', then back", async () => {
    const sent: unknown[] = [];
    server.use(changeHandler(sent));
    const { user, router } = renderApp('/ModifyPass', MANAGER);
    await fill(user);
    const dialog = await screen.findByRole('dialog', { name: MSG.passwordUpdated });
    expect(within(dialog).getByText(MSG.rememberNewPassword)).toBeInTheDocument();
    expect(sent).toEqual([{ current_pass: 'secret123', new_pass: 'better123' }]);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(at(router)).toBe('/'));
  });

  it("shows 'Failed to change password' with the reason, and resets the form", async () => {
    server.use(changeHandler([], 'The current password is wrong'));
    const { user, router } = renderApp('/ModifyPass', MANAGER);
    await fill(user);
    const dialog = await screen.findByRole('dialog', { name: MSG.failedToChangePassword });
    expect(within(dialog).getByText('The current password is wrong')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(at(router)).toBe('/ModifyPass');
    expect(field('Current password')).toHaveValue('');
    expect(field('New password')).toHaveValue('');
    expect(field('Confirm new password')).toHaveValue('');
  });
});
