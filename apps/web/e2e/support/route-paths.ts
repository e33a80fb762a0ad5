import type { RouteObject } from 'react-router';

/**
 * Every screen path of a route table: each route's full path, its index routes as the parent's
 * path; the catch-all left out, and a `:param` given the value 1 (a screen for a record that may
 * not exist still loads all of its code, which is what a page-wide check needs).
 */
export function screenPaths(routes: readonly RouteObject[], parent = ''): string[] {
  const paths = new Set<string>();
  for (const route of routes) {
    if (route.path === '*') continue;
    const here = route.path
      ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`.replace(/\/:[^/]+/g, '/1')
      : parent;
    if (route.path || route.index) paths.add(here || '/');
    if (route.children) for (const path of screenPaths(route.children, here)) paths.add(path);
  }
  return [...paths];
}
