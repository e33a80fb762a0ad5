import { Role } from '@sweepline/domain';
import request from 'supertest';
import type { Member } from '../../test/fixtures';
import { createAccount, createMember } from '../../test/fixtures';
import { describeEachDatabase } from '../../test/test-app';
import { invalidId } from './id-pipe';
import type { RouteLayer } from './route-order';

/** Path values that cannot be an id: text, zero, negative, past every id column, not canonical (issue 42). */
const MALFORMED = ['abc', '0', '-4', '1.5', '99999999999999999', '07', '7.0', '0x3d6b'];

interface IdRoute {
  method: string;
  path: string;
  params: string[];
}

/** Every route of the running app with a parameter in its path, read from Express's router. */
function idRoutes(http: unknown): IdRoute[] {
  const stack = (http as { router: { stack: RouteLayer[] } }).router.stack;
  return stack.flatMap(({ route }) => {
    if (!route) return [];
    const params = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    if (params.length === 0) return [];
    return Object.keys(route.methods).map((method) => ({ method, path: route.path, params }));
  });
}

/**
 * The one id rule (docs/api.md, "Ids in paths"): on every route that takes an id in its path, a
 * value that cannot be an id is refused with 400 `<param>: Invalid id`, before any query. The
 * routes come from the router, so a new route is covered without touching this file.
 */
describeEachDatabase('malformed ids in paths', (t) => {
  let manager: Member;
  let routes: IdRoute[];

  beforeAll(async () => {
    // the manager may call every route with an id (roles nest: editor's and operator's too)
    manager = await createMember(t(), await createAccount(t()), Role.Manager);
    routes = idRoutes(t().app.getHttpAdapter().getInstance());
  });

  it('finds the routes that take ids', () => {
    expect(routes.length).toBeGreaterThanOrEqual(18);
    expect(routes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'put', path: '/webcyc/api/user/:id' }),
        expect.objectContaining({ method: 'put', path: '/webcyc/api/product/:id' }),
        expect.objectContaining({ method: 'get', path: '/webcyc/api/runs/:id/attachments/:attachmentId' }),
      ]),
    );
  });

  it('refuses each malformed id of each route with 400 and the parameter named', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      for (const param of route.params) {
        for (const value of MALFORMED) {
          // the other parameters are well-formed, so the refusal is this one's
          const path = route.path.replace(/:(\w+)/g, (_, name: string) => (name === param ? value : '1'));
          const method = route.method as 'get' | 'put' | 'post' | 'delete';
          const res = await request(t().http())[method](path).set('x-auth-token', manager.token).send({});
          const expected = { status: 0, msg: invalidId(param), data: null };
          if (res.status !== 400 || JSON.stringify(res.body) !== JSON.stringify(expected)) {
            wrong.push(`${route.method.toUpperCase()} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000); // several hundred signed-in requests one after another: over 30 s on a loaded CI machine (2026-11-30)
});
