import { MSG, Role, type SessionUser } from '@sweepline/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MANAGER, at, renderApp } from '../../../test/render';
import { ok, path, server } from '../../../test/server';
import { SITE } from '../../../test/site';
import { sessionToken } from '../api-client';

const OPERATOR: SessionUser = { email: 'olga@acme.example', name: 'Olga', role: Role.Operator };
const EDITOR: SessionUser = { email: 'ed@acme.example', name: 'Ed', role: Role.Editor };
const ADMIN: SessionUser = { email: 'root@sweepline.example', name: 'Root', role: Role.Admin };

const header = () => screen.getByRole('navigation', { name: 'Main' });
const linkNames = () =>
  within(header())
    .queryAllByRole('link')
    .map((link) => link.textContent);

async function openUserMenu(user: ReturnType<typeof renderApp>['user'], name: string) {
  await user.click(await within(header()).findByRole('button', { name }));
  return screen.findByRole('menu');
}

// the home, guide and download pages these tests land on ask for the site's details and releases
beforeEach(() => {
  server.use(
    http.get(path('/site'), () => ok(SITE)),
    http.get(path('/version'), () => ok([])),
  );
});

describe('top navigation (docs/requirements/shell-and-navigation.md#top-navigation)', () => {
  it('offers log-in and sign-up when signed out', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'Online RF production testing' });
    expect(linkNames()).toEqual(['Sweepline', 'Download', 'Contact Us', 'Log In', 'Sign Up for Free Trial']);
    expect(within(header()).getByRole('button', { name: 'Guides' })).toBeInTheDocument();
  });

  it('lists the guides in a menu', async () => {
    const { user, router } = renderApp('/');
    await user.click(within(header()).getByRole('button', { name: 'Guides' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Quick Start', 'Tutorials', 'FAQ']);
    await user.click(within(menu).getByRole('menuitem', { name: 'FAQ' }));
    expect(at(router)).toBe('/guide/faq');
  });

  it.each([
    ['an operator', OPERATOR],
    ['an editor', EDITOR],
  ])('shows %s the work links and no Settings', async (_who, session) => {
    const { user } = renderApp('/', session);
    const menu = await openUserMenu(user, session.name);
    expect(linkNames()).toEqual([
      'Sweepline',
      'Products',
      'Serial Numbers',
      'Test Results',
      'Reports',
      'Stations',
      'Instruments',
      'Containment',
      'Download',
      'Contact Us',
    ]);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Log Out']);
  });

  it('shows a manager Settings', async () => {
    const { user, router } = renderApp('/', MANAGER);
    const menu = await openUserMenu(user, 'Ann');
    expect(linkNames()).not.toContain('Back Office');
    expect(linkNames()).toContain('Stations');
    // issue 39: the audit trail is the managers' (operators and editors see no History)
    expect(linkNames()).toContain('History');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Settings', 'Log Out']);
    server.use(
      http.get(path('/user/account'), () =>
        ok({ account_name: 'Acme', manager_name: 'Ann', manager_email: MANAGER.email, user_list: [] }),
      ),
      http.get(path('/user/api_tokens'), () => ok([])),
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(at(router)).toBe('/Setting');
  });

  it('shows the administrator the back office and Settings', async () => {
    const { user } = renderApp('/', ADMIN);
    const menu = await openUserMenu(user, 'Root');
    expect(linkNames()).toEqual([
      'Sweepline',
      'Products',
      'Serial Numbers',
      'Test Results',
      'Reports',
      'Back Office',
      'Download',
      'Contact Us',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
  });

  it('logs out: the session ends, the stored id goes, and the app goes home', async () => {
    let loggedOut = false;
    server.use(
      http.get(path('/logout'), () => {
        loggedOut = true;
        return ok(null);
      }),
    );
    const { user, router } = renderApp('/download', MANAGER);
    const menu = await openUserMenu(user, 'Ann');
    await user.click(within(menu).getByRole('menuitem', { name: 'Log Out' }));
    await waitFor(() => expect(at(router)).toBe('/'));
    expect(loggedOut).toBe(true);
    expect(sessionToken.get()).toBeNull();
    expect(within(header()).getByRole('link', { name: 'Log In' })).toBeInTheDocument();
  });

  it('clears the session even when log-out fails, shows why and goes home', async () => {
    server.use(http.get(path('/logout'), () => HttpResponse.error()));
    const { user, router } = renderApp('/download', MANAGER);
    const menu = await openUserMenu(user, 'Ann');
    await user.click(within(menu).getByRole('menuitem', { name: 'Log Out' }));
    expect(await screen.findByText(MSG.noInternet)).toBeInTheDocument();
    expect(at(router)).toBe('/');
    expect(sessionToken.get()).toBeNull();
    expect(within(header()).getByRole('link', { name: 'Log In' })).toBeInTheDocument();
  });
});

describe('burger menu of narrow screens', () => {
  it('holds the same entries as the header and user menu', async () => {
    const { user, router } = renderApp('/', ADMIN);
    await within(header()).findByRole('button', { name: 'Root' });
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Sweepline' });
    for (const name of [
      'Products',
      'Serial Numbers',
      'Test Results',
      'Reports',
      'Back Office',
      'Download',
      'Contact Us',
      'Settings',
    ]) {
      expect(within(drawer).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(drawer).getByText('Root')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Guides' }));
    await user.click(await within(drawer).findByRole('link', { name: 'Tutorials' }));
    expect(at(router)).toBe('/guide/tutorials');
  });

  it('offers log-in and sign-up when signed out', async () => {
    const { user } = renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Sweepline' });
    expect(within(drawer).getByRole('link', { name: 'Log In' })).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Sign Up for Free Trial' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('link', { name: 'Products' })).not.toBeInTheDocument();
  });
});
