import { MSG } from '@sweepline/domain';
import { HttpResponse, http } from 'msw';
import { act, screen, waitFor } from '@testing-library/react';
import { MANAGER, renderApp } from '../../test/render';
import { ok, path, refuse, server } from '../../test/server';
import { sessionToken } from './api-client';
import { startLoginStateCall } from './useSession';

/** Counts GET /login_state, answering each with `reply`. */
function countLoginStateCalls(reply: () => Response): { count: () => number } {
  let calls = 0;
  server.use(
    http.get(path('/login_state'), () => {
      calls++;
      return reply();
    }),
  );
  return { count: () => calls };
}

// issue 43: main.tsx asks the login state before React's first render, and the first screen's
// shell and guard take that reply instead of asking once they have rendered
describe('the login state asked as the app boots', () => {
  it('is asked before the first render, serves the first screen, and a later screen asks again', async () => {
    server.use(http.get(path('/sn'), () => ok([])));
    const loginState = countLoginStateCalls(() => ok(MANAGER));
    sessionToken.set('session-token');
    void startLoginStateCall();
    await waitFor(() => expect(loginState.count()).toBe(1));

    const { router } = renderApp('/sn');
    expect(await screen.findByRole('heading', { name: 'Serial Numbers' })).toBeInTheDocument();
    expect(loginState.count()).toBe(1);

    await act(() => router.navigate('/tr'));
    expect(await screen.findByRole('heading', { name: 'Test Results' })).toBeInTheDocument();
    expect(loginState.count()).toBe(2);
  });

  it('asks nothing without a stored session', async () => {
    const loginState = countLoginStateCalls(() => ok(MANAGER));
    void startLoginStateCall();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Online RF production testing' })).toBeInTheDocument();
    expect(loginState.count()).toBe(0);
  });

  it.each([
    ['a network error', () => HttpResponse.error(), MSG.noInternet],
    ['a refusal', () => refuse('Internal error', 500), 'Internal error'],
  ])(
    "reports the boot call's failure (%s) once, on the screen that takes it, not before",
    async (_, reply, message) => {
      const loginState = countLoginStateCalls(reply);
      sessionToken.set('session-token');
      void startLoginStateCall();
      await waitFor(() => expect(loginState.count()).toBe(1));
      expect(screen.queryByText(message)).not.toBeInTheDocument();

      renderApp('/sn');
      expect(await screen.findByText(message)).toBeInTheDocument();
      // the shell and the guard share the call and its failure: one message, not one each
      await act(() => new Promise((settle) => setTimeout(settle, 200)));
      expect(screen.getAllByText(message)).toHaveLength(1);
      expect(screen.queryByRole('heading', { name: 'Serial Numbers' })).not.toBeInTheDocument();
      expect(loginState.count()).toBe(1);
    },
  );
});
