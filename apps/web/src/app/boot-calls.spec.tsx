import { http } from 'msw';
import { act, screen, waitFor } from '@testing-library/react';
import { MANAGER, renderApp } from '../../test/render';
import { ok, path, server } from '../../test/server';
import { sessionToken } from './api-client';
import { startBootCall } from './boot-calls';

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

/** The app booting on `pathname`, as main.tsx does: the browser's address is the screen's. */
function bootOn(pathname: string): void {
  window.history.replaceState(null, '', pathname);
  startBootCall(pathname);
}

// issue 43: a signed-in screen's first call is asked as the app boots, beside the login state
describe("a screen's first call asked as the app boots", () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('is asked before the first render, serves the screen once, and a later visit asks again', async () => {
    const calls = countProductCalls();
    sessionToken.set('session-token');
    bootOn('/sn');
    await waitFor(() => expect(calls.count()).toBe(1));

    const { router } = renderApp('/sn', MANAGER);
    const products = await screen.findByRole('listbox', { name: 'Products' }, { timeout: 10_000 });
    expect(products).toHaveTextContent('Cable');
    expect(calls.count()).toBe(1);

    await act(() => router.navigate('/tr'));
    await act(() => router.navigate('/sn'));
    await waitFor(() => expect(calls.count()).toBe(2));
  });

  it('asks nothing without a stored session, or on a screen without one', async () => {
    const products = countProductCalls();
    bootOn('/sn');
    sessionToken.set('session-token');
    bootOn('/tr');
    await act(() => new Promise((settle) => setTimeout(settle, 100)));
    expect(products.count()).toBe(0);
  });

  it('is not taken once the browser is on another screen: that screen asks afresh', async () => {
    const products = countProductCalls();
    sessionToken.set('session-token');
    bootOn('/sn');
    await waitFor(() => expect(products.count()).toBe(1));
    window.history.replaceState(null, '', '/tr');

    renderApp('/sn', MANAGER);
    await waitFor(() => expect(products.count()).toBe(2));
  });
});
