import { MSG } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { at, renderApp } from '../../../test/render';
import { ok, path, refuse, server } from '../../../test/server';
import { TEXTS } from '../../app/texts';

const LINK = '/ResetPass?email=alan%40acme.example&code=r3set';
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

function resetHandler(seen: unknown[], refusal?: string) {
  return http.post(path('/user/reset_pass'), async ({ request }) => {
    seen.push(await request.json());
    return refusal ? refuse(refusal) : ok(null);
  });
}

async function fill(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText(/^New password/), 'better123');
  await user.type(field('Confirm password'), 'better123');
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('Reset Password (docs/requirements/identity.md#reset-password, docs/requirements/identity.md#password-rule, docs/requirements/identity.md#failures)', () => {
  it('shows the e-mail and code of the link, read-only', async () => {
    renderApp(LINK);
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('alan@acme.example');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('r3set');
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAttribute('readonly');
  });

  it('applies the sign-up password rules', async () => {
    const { user } = renderApp(LINK);
    await user.click(await screen.findByRole('button', { name: 'Change Password' }));
    expect(screen.getByText(MSG.enterPassword)).toBeInTheDocument();
    expect(screen.getByText(MSG.enterPasswordAgain)).toBeInTheDocument();
    await user.type(field('New password'), 'abcdefgh');
    expect(screen.getByText(MSG.passwordRule)).toBeInTheDocument();
    await user.type(field('Confirm password'), 'abcdefg');
    expect(screen.getByText(MSG.passwordsDifferent)).toBeInTheDocument();
  });

  it('sets the password, says so, then goes home', async () => {
    const sent: unknown[] = [];
    server.use(resetHandler(sent));
    const { user, router } = renderApp(LINK);
    await fill(user);
    const dialog = await screen.findByRole('dialog', { name: TEXTS.passwordChanged });
    expect(within(dialog).getByText(TEXTS.passwordChangedFor('alan@acme.example'))).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'alan@acme.example', password: 'better123', code: 'r3set' }]);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(at(router)).toBe('/'));
  });

  it('shows an error dialog, then goes home', async () => {
    server.use(resetHandler([], 'This link is invalid or has expired'));
    const { user, router } = renderApp(LINK);
    await fill(user);
    const dialog = await screen.findByRole('dialog', { name: TEXTS.error });
    expect(within(dialog).getByText('This link is invalid or has expired')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(at(router)).toBe('/'));
  });

  it('goes home on Cancel', async () => {
    const { user, router } = renderApp(LINK);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(at(router)).toBe('/');
  });
});
