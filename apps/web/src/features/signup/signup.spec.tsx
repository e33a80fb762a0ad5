import { MSG } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { at, renderApp, verify } from '../../../test/render';
import { captchaHandlers, ok, path, refuse, server } from '../../../test/server';
import { TEXTS } from '../../app/texts';

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

async function fill(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByRole('textbox', { name: 'Account name' }), '  Acme RF ');
  await user.type(field('Manager email'), 'ann@acme.example');
  await verify(user);
  await user.type(field('Manager password'), 'secret123');
  await user.type(field('Confirm password'), 'secret123');
  await user.type(field('Manager name'), ' Ann ');
}

function signupHandler(seen: unknown[], refusal?: [string, number]) {
  return http.post(path('/user/signup'), async ({ request }) => {
    seen.push(await request.json());
    return refusal ? refuse(...refusal) : ok(null);
  });
}

describe('Sign Up (docs/requirements/identity.md#sign-up, docs/requirements/identity.md#field-rules, docs/requirements/identity.md#failures)', () => {
  it('asks for every field before calling', async () => {
    const { user } = renderApp('/signup');
    await user.click(await screen.findByRole('button', { name: 'Create Account' }));
    expect(screen.getAllByText(MSG.emptyInput)).toHaveLength(2);
    expect(screen.getByText(MSG.enterEmail)).toBeInTheDocument();
    expect(screen.getByText(MSG.completeVerification)).toBeInTheDocument();
    expect(screen.getByText(MSG.enterPassword)).toBeInTheDocument();
    expect(screen.getByText(MSG.enterPasswordAgain)).toBeInTheDocument();
  });

  it('applies the shared name rule to both names', async () => {
    const { user } = renderApp('/signup');
    await user.type(await screen.findByRole('textbox', { name: 'Account name' }), 'A/B');
    await user.type(field('Manager name'), '   ');
    expect(screen.getByText(MSG.invalidCharacter)).toBeInTheDocument();
    expect(screen.getByText(MSG.emptyInput)).toBeInTheDocument();
  });

  it('limits names to the shared length', async () => {
    renderApp('/signup');
    expect(await screen.findByRole('textbox', { name: 'Account name' })).toHaveAttribute('maxLength', '100');
    expect(field('Manager name')).toHaveAttribute('maxLength', '100');
  });

  it('checks the e-mail address', async () => {
    const { user } = renderApp('/signup');
    await user.type(await screen.findByRole('textbox', { name: 'Manager email' }), 'ann.acme.example');
    expect(screen.getByText(MSG.invalidEmail)).toBeInTheDocument();
  });

  it('applies the password rule, and checks the confirmation again when the password changes', async () => {
    const { user } = renderApp('/signup');
    await user.type(await screen.findByLabelText(/^Manager password/), 'short1');
    expect(screen.getByText(MSG.passwordRule)).toBeInTheDocument();
    await user.clear(field('Manager password'));
    await user.type(field('Manager password'), 'longenough');
    expect(screen.getByText(MSG.passwordRule)).toBeInTheDocument();
    await user.type(field('Manager password'), '1');
    expect(screen.queryByText(MSG.passwordRule)).not.toBeInTheDocument();
    await user.type(field('Confirm password'), 'longenough1');
    expect(screen.queryByText(MSG.passwordsDifferent)).not.toBeInTheDocument();
    await user.type(field('Manager password'), '2');
    expect(screen.getByText(MSG.passwordsDifferent)).toBeInTheDocument();
  });

  it('signs up with trimmed names, then tells to check the e-mail and junk mail, then goes home', async () => {
    const sent: unknown[] = [];
    server.use(...captchaHandlers(), signupHandler(sent));
    const { user, router } = renderApp('/signup');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const dialog = await screen.findByRole('dialog', { name: MSG.signedUpSuccessfully });
    expect(within(dialog).getByText(TEXTS.signUpCheckMail)).toBeInTheDocument();
    expect(TEXTS.signUpCheckMail).toMatch(/junk mail/);
    expect(sent).toEqual([
      { account_name: 'Acme RF', email: 'ann@acme.example', password: 'secret123', manager_name: 'Ann' },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(at(router)).toBe('/'));
  });

  it("shows 'Failed to sign up' with the reason, and resets the form", async () => {
    server.use(...captchaHandlers(), signupHandler([], ['This e-mail address is already registered', 409]));
    const { user, router } = renderApp('/signup');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const dialog = await screen.findByRole('dialog', { name: MSG.failedToSignUp });
    expect(within(dialog).getByText('This e-mail address is already registered')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(at(router)).toBe('/signup');
    expect(screen.getByRole('textbox', { name: 'Account name' })).toHaveValue('');
    expect(field('Manager email')).toHaveValue('');
    expect(field('Manager password')).toHaveValue('');
    expect(screen.queryByText(MSG.verified)).not.toBeInTheDocument();
  });

  it('goes back on Cancel', async () => {
    const { user, router } = renderApp('/signup');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(at(router)).toBe('/');
  });
});
