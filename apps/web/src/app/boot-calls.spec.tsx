import { Role, type SessionUser } from '@sweepline/domain';
import { http } from 'msw';
import { act, screen, waitFor } from '@testing-library/react';
import { MANAGER, renderApp } from '../../test/render';
import { ok, path, server } from '../../test/server';
import { startBootCall } from './boot-calls';

const ADMIN: SessionUser = { email: 'root@sweepline.example', name: 'Root', role: Role.Admin };
const SIGNED_OUT: SessionUser = { email: '', name: '', role: Role.SignedOut };
const PRODUCT = { id: 1, name: 'Cable', model: 'C-1', info: '', seqs: [], snArray: [], stageArray: [] };

/** Counts GET /sn (the serial-number screen's products), answering each with one product. */
function countProductCalls(): { count: () => number } {
  let calls = 0;
  server.use(
    http.get(path('/sn'), () => {
      calls++;
      return ok([PRODUCT]);
    }),
    http.get(path('/sn/units'), () => ok([])),
  );
  return { count: () => calls };
}

/**
 * The app booting on `address` (a path and its query), as main.tsx does: the browser's address is the screen's, and the
 * login state asked at boot answers `user` (undefined: no session stored, nothing asked).
 */
function bootOn(address: string, user: SessionUser | undefined): void {
  window.history.replaceState(null, '', address);
  startBootCall(window.location, user && Promise.resolve(user));
}

// issue 43: a signed-in screen's first call is asked as the app boots, beside the login state
describe("a screen's first call asked as the app boots", () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('is asked before the first render, serves the screen once, and a later visit asks again', async () => {
    const calls = countProductCalls();
    bootOn('/sn', MANAGER);
    await waitFor(() => expect(calls.count()).toBe(1));

    const { router } = renderApp('/sn', MANAGER);
    const products = await screen.findByRole('listbox', { name: 'Products' }, { timeout: 10_000 });
    expect(products).toHaveTextContent('Cable');
    expect(calls.count()).toBe(1);

    await act(() => router.navigate('/tr'));
    await act(() => router.navigate('/sn'));
    await waitFor(() => expect(calls.count()).toBe(2));
  });

  it.each([
    ['without a stored session', '/sn', undefined],
    ['on a screen without one', '/tr', MANAGER],
    ['for a stale session (signed out)', '/sn', SIGNED_OUT],
    ['for the provider administrator, who is in no account', '/sn', ADMIN],
  ])('asks nothing %s', async (_, pathname, user) => {
    const products = countProductCalls();
    bootOn(pathname, user);
    await act(() => new Promise((settle) => setTimeout(settle, 100)));
    expect(products.count()).toBe(0);
  });

  it('is not taken once the browser is on another screen: that screen asks afresh', async () => {
    const products = countProductCalls();
    bootOn('/sn', MANAGER);
    await waitFor(() => expect(products.count()).toBe(1));
    window.history.replaceState(null, '', '/tr');

    renderApp('/sn', MANAGER);
    await waitFor(() => expect(products.count()).toBe(2));
  });
});
