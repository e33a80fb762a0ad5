import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { RequireLogin } from './RequireLogin';
import { routes } from './routes';

const robots = readFileSync(join(__dirname, '../../public/robots.txt'), 'utf8');
const disallowed = [...robots.matchAll(/^Disallow: (\S+)$/gm)].map((m) => m[1]!);
const blocked = (path: string) => disallowed.some((prefix) => path.startsWith(prefix));

/** The first segment of every screen path, split by whether the sign-in guards it. */
function screens(
  list: readonly RouteObject[],
  guarded = false,
  found = { guarded: [] as string[], open: [] as string[] },
) {
  for (const route of list) {
    const inside = guarded || (isValidElement(route.element) && route.element.type === RequireLogin);
    if (route.path && route.path !== '*' && route.path !== '/') {
      (inside ? found.guarded : found.open).push(`/${route.path}`);
    } else if (route.children) {
      screens(route.children, inside, found);
    }
  }
  return found;
}

describe('robots.txt (docs/web.md, The first load)', () => {
  const { guarded, open } = screens(routes);

  it('is one group for every crawler, each line a directive or a comment', () => {
    const lines = robots.split('\n').filter((line) => line.trim() !== '');
    expect(lines.filter((line) => !/^(#.*|User-agent: \*|(Dis)?[Aa]llow: \/\S*)$/.test(line))).toEqual([]);
    expect(lines.filter((line) => line.startsWith('User-agent'))).toEqual(['User-agent: *']);
  });

  it('disallows every screen behind the sign-in', () => {
    expect(guarded.length).toBeGreaterThan(5);
    expect(guarded.filter((path) => !blocked(path))).toEqual([]);
  });

  it('lets crawlers reach the public pages', () => {
    const mustStayOpen = ['/', '/login', '/signup', '/ForgetPass', '/download', '/contact', '/guide'];
    expect(mustStayOpen.filter(blocked)).toEqual([]);
    expect(open).toEqual(expect.arrayContaining(['/download', '/login', '/guide']));
  });
});
