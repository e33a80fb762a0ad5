import { MSG } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { at, renderApp, verify } from '../../../test/render';
import { captchaHandlers, ok, path, refuse, server } from '../../../test/server';
import { TEXTS } from '../../app/texts';

function forgetHandler(seen: unknown[], refusal?: string) {
  return http.post(path('/user/forget_pass'), async ({ request }) => {
    seen.push(await request.json());
    return refusal ? refuse(refusal, 429) : ok(null);
  });
}

describe('Forgotten password (docs/requirements/identity.md#forgotten-password, docs/requirements/identity.md#password-rule, docs/requirements/identity.md#failures)', () => {
  it('takes the e-mail from the query', async () => {
    renderApp('/ForgetPass?email=ann%40acme.example');
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('ann@acme.example');
  });

  it('asks for the e-mail and the verification', async () => {
    const { user } = renderApp('/ForgetPass');
    await user.click(await screen.findByRole('button', { name: 'Send Email' }));
    expect(screen.getByText(MSG.enterEmail)).toBeInTheDocument();
    expect(screen.getByText(MSG.completeVerification)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nope');
    expect(screen.getByText(MSG.invalidEmail)).toBeInTheDocument();
  });

  it('sends the mail, tells to check the e-mail, then goes home', async () => {
    const sent: unknown[] = [];
    server.use(...captchaHandlers(), forgetHandler(sent));
    const { user, router } = renderApp('/ForgetPass?email=ann%40acme.example');
    await verify(user);
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    const dialog = await screen.findByRole('dialog', { name: TEXTS.forgetPassSent });
    expect(within(dialog).getByText(TEXTS.forgetPassCheckMail)).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'ann@acme.example' }]);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(at(router)).toBe('/'));
  });

  it('shows an error dialog and resets the form on failure', async () => {
    server.use(...captchaHandlers(), forgetHandler([], 'Too many attempts. Try again in 15 minutes'));
    const { user, router } = renderApp('/ForgetPass?email=ann%40acme.example');
    await verify(user);
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    const dialog = await screen.findByRole('dialog', { name: TEXTS.error });
    expect(within(dialog).getByText('Too many attempts. Try again in 15 minutes')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(at(router)).toBe('/ForgetPass');
    expect(screen.queryByText(MSG.verified)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ann@acme.example');
  });

  it('goes home on Cancel', async () => {
    const { user, router } = renderApp('/ForgetPass');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(at(router)).toBe('/');
  });
});
