import { Role, type SessionUser } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { at, renderApp } from '../../test/render';
import { ok, path, server } from '../../test/server';

const ADMIN: SessionUser = { email: 'root@sweepline.example', name: 'Provider', role: Role.Admin };
const SLOW = { timeout: 10_000 };

// msw refuses any call a test did not expect: a screen that called the API would show an error
describe('the provider administrator (role -1, in no account) meets no error dialog', () => {
  // the back office these screens lead to opens on the usage
  beforeEach(() => server.use(http.get(path('/report/usage'), () => ok([]))));

  it.each(['/product', '/sn', '/tr', '/report/daily-test', '/report/tpy'])(
    '%s says the screen belongs to an account and leads to the back office',
    async (url) => {
      const { router, user } = renderApp(url, ADMIN);
      expect(await screen.findByRole('heading', { name: 'For account members' }, SLOW)).toBeInTheDocument();
      expect(screen.getByText('These screens belong to an account')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await user.click(screen.getByRole('link', { name: 'Open the Back Office' }));
      await waitFor(() => expect(at(router)).toMatch(/^\/ht/));
    },
  );

  it('has Settings with their own sign-in and the password change, not the account', async () => {
    const { router, user } = renderApp('/Setting', ADMIN);
    const section = await screen.findByRole('region', { name: 'Administrator' }, SLOW);
    expect(within(section).getByText('Provider')).toBeInTheDocument();
    expect(within(section).getByText('root@sweepline.example')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(within(section).getByRole('link', { name: 'Change' }));
    await waitFor(() => expect(at(router)).toBe('/ModifyPass'));
  });
});
