import { dayRange, Role, type SessionUser } from '@sweepline/domain';
import { browserToday, browserZoneOffset } from '@sweepline/ui';
import { http } from 'msw';
import { act, screen, waitFor } from '@testing-library/react';
import { F200 } from '../../test/product-fixtures';
import { MANAGER, renderApp } from '../../test/render';
import { ok, path, refuse, server } from '../../test/server';
import { openingRange } from '../features/measurements/opening-pick';
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

/**
 * Counts the reports' product list (answered with F-200) and the measured steps (answered with one
 * step, each call's query kept); a capability and no trace band answer the screen's own calls.
 */
function countStepScreenCalls(): { products: () => number; steps: URLSearchParams[] } {
  let products = 0;
  const steps: URLSearchParams[] = [];
  server.use(
    http.get(path('/user/product_list'), () => {
      products++;
      return ok([F200]);
    }),
    http.get(path('/report/steps'), ({ request }) => {
      steps.push(new URL(request.url).searchParams);
      return ok([{ title: 'Gain', unit: 'dB' }] as never);
    }),
    http.get(path('/report/capability'), () => refuse('No values in this range')),
    http.get(path('/report/trace_band'), () => refuse('No values in this range')),
  );
  return { products: () => products, steps };
}

// the step screens' second call: the measured steps of the pick they open on, from the products
describe("the step screens' measured steps asked as the product list answers at boot", () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("asks the first test's steps over Last Month before the first render, and the screen takes them", async () => {
    const calls = countStepScreenCalls();
    bootOn('/report/capability', MANAGER);
    await waitFor(() => expect(calls.steps).toHaveLength(1));
    expect(calls.products()).toBe(1);
    const { start_time, stop_time } = dayRange(...openingRange(browserToday()), browserZoneOffset());
    expect(Object.fromEntries(calls.steps[0]!)).toEqual({
      seq_id: String(F200.seqs[0]!.id),
      start_time: String(start_time),
      stop_time: String(stop_time),
      zone_offset: String(browserZoneOffset()),
    });

    renderApp('/report/capability', MANAGER);
    // the step picked from the boot call's answer, and no call asked twice
    await screen.findByRole('combobox', { name: 'Step' }, { timeout: 20_000 });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Step' })).toHaveValue('Gain (dB)'));
    expect(calls.steps).toHaveLength(1);
    expect(calls.products()).toBe(1);
  });

  it('asks no steps on the Failure Pareto, which picks no step', async () => {
    const calls = countStepScreenCalls();
    bootOn('/report/failures', MANAGER);
    await waitFor(() => expect(calls.products()).toBe(1));
    await act(() => new Promise((settle) => setTimeout(settle, 100)));
    expect(calls.steps).toHaveLength(0);
  });
});
