import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { appElement } from '../app/app-element';
import { loadLazyMatches } from '../app/lazy-routes';
import { routes } from '../app/routes';

/**
 * The public screens whose HTML the build writes (docs/web.md, "HTML made at build time"): what
 * a signed-out first visit draws, with nothing from the API in it. A screen behind the sign-in
 * has nothing to show before its calls answer, so it keeps the empty page.
 */
export const PRERENDERED_PATHS = [
  '/',
  '/login',
  '/guide/start',
  '/guide/tutorials',
  '/guide/faq',
  '/download',
];

/**
 * The HTML of the app's first render at `path`, signed out: the tree main.tsx hydrates, with a
 * router in memory instead of the browser's (the same RouterProvider, so the same ids).
 */
export async function renderRoute(path: string): Promise<string> {
  await loadLazyMatches(routes, path);
  return renderToString(appElement(createMemoryRouter(routes, { initialEntries: [path] })));
}
