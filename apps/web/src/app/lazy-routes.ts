import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the code of the lazy routes (lazyScreen) that `path` matches and puts it on those routes,
 * so a router made afterwards draws the screen in its first render instead of the loading
 * overlay. The build renders a prerendered screen's HTML that way, and the browser must draw the
 * same to hydrate it (React Router's advice for lazy routes and server rendering).
 */
export async function loadLazyMatches(routes: RouteObject[], path: string): Promise<void> {
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
