import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { appElement } from '../app/app-element';
import { loadLazyMatches } from '../app/lazy-routes';
import { routes } from '../app/routes';
import { MEASUREMENT_SCREENS } from '../features/measurements/measurement-kinds';
import { REPORT_KINDS } from '../features/reports/report-kinds';

/**
 * The public screens whose HTML the build writes (docs/web.md, "HTML made at build time"): what
 * a signed-out first visit draws, with nothing from the API in it.
 */
const PUBLIC_PATHS = ['/', '/login', '/guide/start', '/guide/tutorials', '/guide/faq', '/download'];

/**
 * The signed-in screens whose largest paint is their title (Lighthouse's LCP element): their page
 * holds the header, the section's side menu and the title, which the app draws while it checks
 * the login state (RequireLogin), so the title is painted before the script arrives. /product and
 * /tr are not among them: their largest paint is their data (the first step, the run), which the
 * page cannot hold, and taking the page over (hydration) after the first paint counted against
 * them (docs/performance/history/lighthouse.md, seventh pass).
 */
const SIGNED_IN_PATHS = [
  '/sn',
  '/stations',
  ...[...REPORT_KINDS, ...MEASUREMENT_SCREENS].map((screen) => `/report/${screen.path}`),
  '/report/alarms',
];

export const PRERENDERED_PATHS = [...PUBLIC_PATHS, ...SIGNED_IN_PATHS];

/**
 * The HTML of the app's first render at `path`, the session not yet known: the tree main.tsx hydrates, with a
 * router in memory instead of the browser's (the same RouterProvider, so the same ids).
 */
export async function renderRoute(path: string): Promise<string> {
  await loadLazyMatches(routes, path);
  return renderToString(appElement(createMemoryRouter(routes, { initialEntries: [path] })));
}
