import { act, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { MANAGER } from '../../test/render';
import { ok, path, server } from '../../test/server';
import { SITE } from '../../test/site';
import { sessionToken } from '../app/api-client';
import { appElement } from '../app/app-element';
import { loadLazyMatches } from '../app/lazy-routes';
import { routes } from '../app/routes';
import { PRERENDERED_PATHS, renderRoute } from './render-route';

/** The heading each prerendered screen draws, as the build writes it into the page. */
const HEADINGS: Record<string, string> = {
  '/': 'Online RF production testing',
  '/login': 'Log In',
  '/guide/start': 'Quick Start',
  '/guide/tutorials': 'Tutorials',
  '/guide/faq': 'FAQ',
  '/download': 'Download',
};

let root: Root | undefined;
let consoleError: jest.SpyInstance;

beforeEach(() => {
  server.use(
    http.get(path('/site'), () => ok(SITE as never)),
    http.get(path('/version'), () => ok([{ no: '0.2.0', date: '2026-11-24', notes: ['Lab check'] }])),
  );
  consoleError = jest.spyOn(console, 'error');
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  consoleError.mockRestore();
  document.body.innerHTML = '';
});

/**
 * The page as the browser gets it from the build (its root holding `path`'s HTML), hydrated as
 * main.tsx does. Resolves with the screen's first heading as the build drew it.
 */
async function hydratePage(at: string): Promise<HTMLElement> {
  document.body.innerHTML = `<div id="root">${await renderRoute(at)}</div>`;
  window.history.replaceState(null, '', at);
  const drawn = screen.getByRole('heading', { level: 1, name: HEADINGS[at] });
  await loadLazyMatches(routes, at);
  const router = createBrowserRouter(routes);
  await act(async () => {
    root = hydrateRoot(document.getElementById('root')!, appElement(router));
  });
  return drawn;
}

/** The signed-in screens' titles, painted while the login state is checked (hidden from assistive technology until the screen is there). */
const SIGNED_IN_TITLES: Record<string, string> = {
  '/sn': 'Serial Numbers',
  '/stations': 'Stations',
  '/report/daily-test': 'Daily Tested Units',
  '/report/daily-pass-rate': 'Daily Pass Rate',
  '/report/ftpy': 'First Time Pass Yield',
  '/report/tpy': 'Throughput Yield',
  '/report/failures': 'Failure Pareto',
  '/report/capability': 'Capability',
  '/report/control': 'Control Chart',
  '/report/alarms': 'SPC Alarms',
};

it('prerenders the screens whose headings it knows, and no other', () => {
  expect(PRERENDERED_PATHS).toEqual([...Object.keys(HEADINGS), ...Object.keys(SIGNED_IN_TITLES)]);
});

describe.each(Object.keys(HEADINGS))('the page made at build time for %s', (at) => {
  it('holds the screen itself, not the loading overlay', async () => {
    const html = await renderRoute(at);
    expect(html).toContain(`>${HEADINGS[at]}</h1>`);
    expect(html).not.toContain('mantine-LoadingOverlay');
  });

  it('is taken over by the app as it is: the same elements, and no hydration warning', async () => {
    const drawn = await hydratePage(at);
    // a mismatch makes React draw the screen anew: the heading would be another element
    expect(screen.getByRole('heading', { level: 1, name: HEADINGS[at] })).toBe(drawn);
    expect(consoleError).not.toHaveBeenCalled();
  });
});

it("shows a signed-in user's menu on the home page once the session answers, as without the build's page", async () => {
  sessionToken.set('session-token');
  server.use(http.get(path('/login_state'), () => ok(MANAGER)));
  await hydratePage('/');
  await waitFor(() => expect(screen.getByRole('button', { name: MANAGER.name })).toBeInTheDocument());
  expect(screen.getByRole('heading', { level: 1, name: HEADINGS['/'] })).toBeInTheDocument();
  expect(consoleError).not.toHaveBeenCalled();
});

describe.each(Object.entries(SIGNED_IN_TITLES))(
  'the page made at build time for %s, behind the sign-in',
  (at, title) => {
    it('holds the header and the title, and none of the screen or the loading overlay', async () => {
      const html = await renderRoute(at);
      expect(html).toContain('>Sweepline</a>');
      // nearly everyone here is signed in: no Log In offered before the session answers
      expect(html).not.toContain('Log In');
      expect(html).not.toContain('Sign Up');
      // nor the links every visitor has: the signed-in ones would push them aside (a layout shift)
      expect(html).not.toContain('Download');
      expect(html).toContain(`aria-hidden="true">${title}</h1>`);
      // the screen's body waits for the login state: no field, no call
      expect(html).not.toMatch(/<(input|table|canvas)/);
      expect(html).not.toContain('mantine-LoadingOverlay');
    });

    it('is taken over as it is, then draws the screen once the login state names a user', async () => {
      sessionToken.set('session-token');
      let answer: (() => void) | undefined;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      server.use(
        http.get(path('/login_state'), async () => {
          await answered;
          return ok(MANAGER);
        }),
      );
      document.body.innerHTML = `<div id="root">${await renderRoute(at)}</div>`;
      window.history.replaceState(null, '', at);
      const drawn = document.querySelector('h1');
      await loadLazyMatches(routes, at);
      await act(async () => {
        root = hydrateRoot(document.getElementById('root')!, appElement(createBrowserRouter(routes)));
      });
      expect(document.querySelector('h1')).toBe(drawn);
      expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
      answer!();
      // the screen's own heading, for everyone (a route's pending title is aria-hidden)
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: MANAGER.name })).toBeInTheDocument();
      // the header's row, whole at once: the signed-in links before the ones every visitor has
      expect(screen.getByRole('link', { name: 'Products' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Download' })).toBeInTheDocument();
      // the screens' own calls are not what this test answers: only React's warnings count
      const reactErrors = consoleError.mock.calls.filter(([message]) => !String(message).startsWith('[MSW]'));
      expect(reactErrors).toEqual([]);
    });
  },
);
