import { MSG } from '@sweepline/domain';
import { HttpResponse, http } from 'msw';
import { act, screen, waitFor } from '@testing-library/react';
import { MANAGER, at, renderApp } from '../../test/render';
import { serveEditor } from '../../test/editor-fixtures';
import { ok, path, refuse, server } from '../../test/server';
import { SITE } from '../../test/site';

// what the pages these tests land on ask for, answered empty: the tests look at where they land
beforeEach(() => {
  server.use(
    http.get(path('/site'), () => ok(SITE)),
    http.get(path('/version'), () => ok([])),
    http.get(path('/user/product_list'), () => ok([])),
    http.get(path('/report/usage'), () => ok([])),
    http.get(path('/report/daily_test_unit_count'), () => ok([])),
  );
});

describe('routes and guards (docs/requirements/shell-and-navigation.md#login-guard)', () => {
  it.each(['/product', '/sn', '/tr', '/report/ftpy', '/ht/bill', '/Setting', '/ModifyPass'])(
    'sends a signed-out visit of %s to /login',
    async (url) => {
      const { router } = renderApp(url);
      await waitFor(() => expect(at(router)).toBe('/login'));
      expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
      // the header offers it again once off the screens behind the sign-in
      expect(screen.getByRole('link', { name: 'Log In' })).toBeInTheDocument();
    },
  );

  it('refreshes the login state before a login-required route and then shows it', async () => {
    let checks = 0;
    server.use(
      http.get(path('/login_state'), () => {
        checks++;
        return ok(MANAGER);
      }),
    );
    server.use(http.get(path('/sn'), () => ok([])));
    const { router } = renderApp('/sn');
    expect(await screen.findByRole('heading', { name: 'Serial Numbers' })).toBeInTheDocument();
    const before = checks;
    await act(() => router.navigate('/tr'));
    expect(await screen.findByRole('heading', { name: 'Test Results' })).toBeInTheDocument();
    expect(checks).toBe(before + 1);
  });

  it('locks the screen behind the loader while the login state is checked', async () => {
    let answer: () => void = () => undefined;
    server.use(
      http.get(path('/login_state'), async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return ok(MANAGER);
      }),
    );
    serveEditor([]);
    renderApp('/product');
    expect(await screen.findByLabelText('Loading')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Products' })).not.toBeInTheDocument();
    answer();
    expect(await screen.findByRole('heading', { name: 'Products' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument());
  });

  it('shows a failed login-state check for 5 s with a close button, and not the page', async () => {
    server.use(http.get(path('/login_state'), () => HttpResponse.error()));
    const { router, user } = renderApp('/product');
    expect(await screen.findByText(MSG.noInternet)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Products' })).not.toBeInTheDocument();
    expect(at(router)).toBe('/product');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(MSG.noInternet)).not.toBeInTheDocument());
  });

  // the reports belong to an account (a manager's); the back office to the administrator (-1)
  it.each([
    ['/report', '/report/daily-test', 'Daily Tested Units', MANAGER.role],
    ['/ht', '/ht/usage', 'Usage', -1],
    ['/guide', '/guide/start', 'Quick Start', -1],
  ])('redirects %s to %s', async (url, target, heading, role) => {
    const { router } = renderApp(url, { ...MANAGER, role });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(at(router)).toBe(target);
  });

  it('sends unknown paths home', async () => {
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Online RF production testing' })).toBeInTheDocument();
    expect(at(router)).toBe('/');
  });

  it.each([
    ['/download', 'Download'],
    ['/contact', 'Contact Us'],
    ['/guide/faq', 'FAQ'],
  ])('opens %s without a log-in', async (url, heading) => {
    renderApp(url);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it("goes to /login with 'Please log in' when a call answers 401", async () => {
    server.use(
      http.get(path('/user/account'), () => refuse(MSG.pleaseLogIn, 401)),
      http.get(path('/user/api_tokens'), () => ok([])),
    );
    const { router } = renderApp('/Setting', MANAGER);
    await waitFor(() => expect(at(router)).toBe('/login'));
    expect(await screen.findByText(MSG.pleaseLogIn)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
