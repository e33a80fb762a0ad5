import express from 'express';
import request from 'supertest';
import type { RouteLayer } from './route-order';
import { literalRoutesFirst } from './route-order';

/** An app whose routes are registered in `paths` order, each answering its own path pattern. */
function appWith(paths: string[]) {
  const app = express();
  for (const path of paths) app.put(path, (_req, res) => res.send(path));
  literalRoutesFirst((app as unknown as { router: { stack: RouteLayer[] } }).router.stack);
  return app;
}

describe('route order', () => {
  it.each([
    [['/user/:id', '/user/account_name', '/user/reactivate/:id']],
    [['/user/account_name', '/user/reactivate/:id', '/user/:id']],
  ])('gives a literal path to its literal route whatever the registration order (%j)', async (paths) => {
    const app = appWith(paths);
    expect((await request(app).put('/user/account_name')).text).toBe('/user/account_name');
    expect((await request(app).put('/user/42')).text).toBe('/user/:id');
    expect((await request(app).put('/user/reactivate/7')).text).toBe('/user/reactivate/:id');
  });

  it('puts parameters ahead of wildcards and leaves middleware in place', () => {
    const app = express();
    const middleware = (_req: unknown, _res: unknown, next: () => void) => next();
    app.get('/{*path}', (_req, res) => res.send('web app'));
    app.use(middleware);
    app.get('/runs/:id', (_req, res) => res.send('run'));
    const stack = (app as unknown as { router: { stack: (RouteLayer & { handle: unknown })[] } }).router
      .stack;
    literalRoutesFirst(stack);
    expect(stack.map((layer) => layer.route?.path ?? layer.handle)).toEqual([
      '/runs/:id',
      middleware,
      '/{*path}',
    ]);
  });
});
