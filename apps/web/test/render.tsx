import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, Role, type SessionUser } from '@sweepline/domain';
import { createStore } from 'jotai';
import { http } from 'msw';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { sessionToken } from '../src/app/api-client';
import { AppProviders } from '../src/app/AppProviders';
import { routes } from '../src/app/routes';
import { ok, path, server } from './server';

export const MANAGER: SessionUser = { email: 'ann@acme.example', name: 'Ann', role: Role.Manager };

/**
 * The whole app at `url` in a memory router, with a fresh store. With `user`, a session token is
 * stored and GET /login_state answers that user, as after a log-in.
 */
export function renderApp(url: string, user?: SessionUser) {
  if (user) {
    sessionToken.set('session-token');
    server.use(http.get(path('/login_state'), () => ok(user)));
  }
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const store = createStore();
  render(
    <AppProviders store={store} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, store, user: userEvent.setup() };
}

/** The path the app shows now. */
export const at = (router: ReturnType<typeof createMemoryRouter>) => router.state.location.pathname;

/**
 * Moves the pointer over the page's form, as a person's does before clicking in it: the
 * verification widget loads then (AppVerificationField).
 */
export async function pointAtForm(user: ReturnType<typeof userEvent.setup>) {
  await user.hover((await screen.findByRole('heading', { level: 1 })).closest('form')!);
}

/** Solves the verification (the widget stand-in of libs/ui/test) and waits for 'Verified'. */
export async function verify(user: ReturnType<typeof userEvent.setup>) {
  await pointAtForm(user);
  await user.click(await screen.findByRole('button', { name: "I'm not a robot" }));
  await screen.findByText(MSG.verified);
}
