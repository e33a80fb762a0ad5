import { MSG, Role } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { at, pointAtForm, renderApp, verify } from '../../../test/render';
import { CHALLENGE, captchaHandlers, ok, path, refuse, server } from '../../../test/server';
import { sessionToken } from '../../app/api-client';

const ANN = { email: 'ann@acme.example', name: 'Ann', role: Role.Manager };

function loginHandler(seen: unknown[] = [], refusal?: string) {
  return http.post(path('/login'), async ({ request }) => {
    seen.push({ body: await request.json(), token: request.headers.get('x-auth-token') });
    return refusal ? refuse(refusal) : ok(ANN, { 'x-auth-token': 'user-session' });
  });
}

const email = () => screen.getByRole('textbox', { name: 'Email' });
const password = () => screen.getByLabelText(/^Password/);

describe('Log In (docs/requirements/identity.md#log-in, docs/requirements/identity.md#field-rules, docs/requirements/identity.md#failures)', () => {
  it('asks for every field before calling', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Log In' }));
    expect(screen.getByText(MSG.enterEmail)).toBeInTheDocument();
    expect(screen.getByText(MSG.completeVerification)).toBeInTheDocument();
    expect(screen.getByText(MSG.enterPassword)).toBeInTheDocument();
  });

  it('checks the e-mail on change and on blur', async () => {
    const { user } = renderApp('/login');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ann@');
    expect(screen.getByText(MSG.invalidEmail)).toBeInTheDocument();
    await user.type(email(), 'acme.example');
    expect(screen.queryByText(MSG.invalidEmail)).not.toBeInTheDocument();
    await user.clear(email());
    await user.tab();
    expect(screen.getByText(MSG.enterEmail)).toBeInTheDocument();
  });

  it('verifies with the challenge of the API and shows Verified', async () => {
    const confirmed: unknown[] = [];
    server.use(...captchaHandlers(confirmed));
    const { user } = renderApp('/login');
    await verify(user);
    expect(confirmed).toHaveLength(1);
    const { ticket, randstr } = confirmed[0] as { ticket: string; randstr: string };
    expect(randstr).toBe(CHALLENGE.signature);
    expect(JSON.parse(atob(ticket)).challenge).toEqual(CHALLENGE);
    expect(sessionToken.get()).toBe('signed-out-session');
    expect(screen.queryByText(MSG.completeVerification)).not.toBeInTheDocument();
  });

  it('stays unverified when the API refuses the solution, and says why', async () => {
    server.use(...captchaHandlers([], 'Verification failed. Please verify again'));
    const { user } = renderApp('/login');
    await pointAtForm(user);
    await user.click(await screen.findByRole('button', { name: "I'm not a robot" }));
    expect(await screen.findByText('Verification failed. Please verify again')).toBeInTheDocument();
    expect(screen.queryByText(MSG.verified)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: "I'm not a robot" })).toBeInTheDocument();
    // the failure's red message is the only one: the verification starts again without its own
    expect(screen.queryByText(MSG.completeVerification)).not.toBeInTheDocument();
    // and is asked for when Log In is clicked again without it
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText(MSG.completeVerification)).toBeInTheDocument();
  });

  it('logs in, goes to /product replacing history, and shows the user', async () => {
    const calls: unknown[] = [];
    server.use(
      ...captchaHandlers(),
      loginHandler(calls),
      http.get(path('/login_state'), () => ok(ANN)),
    );
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), ANN.email);
    await verify(user);
    await user.type(password(), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(at(router)).toBe('/product'));
    expect(calls).toEqual([
      { body: { email: ANN.email, password: 'secret123' }, token: 'signed-out-session' },
    ]);
    expect(sessionToken.get()).toBe('user-session');
    expect(router.state.historyAction).toBe('REPLACE');
    const header = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(header).findByRole('button', { name: 'Ann' })).toBeInTheDocument();
  });

  it('logs in with Enter in the password field', async () => {
    server.use(
      ...captchaHandlers(),
      loginHandler(),
      http.get(path('/login_state'), () => ok(ANN)),
    );
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), ANN.email);
    await verify(user);
    await user.type(password(), 'secret123{Enter}');
    await waitFor(() => expect(at(router)).toBe('/product'));
  });

  it('shows a refused log-in in red, and asks for a new verification', async () => {
    server.use(...captchaHandlers(), loginHandler([], 'Wrong email or password'));
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), ANN.email);
    await verify(user);
    await user.type(password(), 'wrong-password1');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    const message = await screen.findByText('Wrong email or password');
    expect(message.closest('[role="alert"]')).toHaveStyle({
      '--notification-color': 'var(--mantine-color-red-filled)',
    });
    expect(
      within(message.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Close' }),
    ).toBeInTheDocument();
    expect(at(router)).toBe('/login');
    expect(screen.queryByText(MSG.verified)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: "I'm not a robot" })).toBeInTheDocument();
  });

  it('shows No internet when the API cannot be reached', async () => {
    server.use(
      ...captchaHandlers(),
      http.post(path('/login'), () => HttpResponse.error()),
    );
    const { user } = renderApp('/login');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), ANN.email);
    await verify(user);
    await user.type(password(), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText(MSG.noInternet)).toBeInTheDocument();
  });

  it('links Forgotten password to ForgetPass with the e-mail typed', async () => {
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'a+b@acme.example');
    await user.click(screen.getByRole('link', { name: 'Forgotten password' }));
    expect(at(router)).toBe('/ForgetPass');
    expect(router.state.location.search).toBe('?email=a%2Bb%40acme.example');
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('a+b@acme.example');
  });

  it('goes back on Cancel', async () => {
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(at(router)).toBe('/');
  });
});
