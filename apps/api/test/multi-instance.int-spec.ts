import request from 'supertest';
import { Role } from '@sweepline/domain';
import type { AppConfig } from '../src/config/app-config';
import { MIGRATIONS } from '../src/database/migrations';
import { createManager, FIXTURE_PASSWORD } from './fixtures';
import { testTargets } from './targets';
import type { TestApp } from './test-app';
import { closeTestApp, createTestDatabase, RATE_WINDOW_MINUTES, startAppOn, stopTestApp } from './test-app';
import { fetchChallenge, solveChallenge, verifiedSession } from './verification';

const API = '/webcyc/api';
const LOGIN_LIMIT = 4;
const overrides: Partial<AppConfig> = {
  rateLimit: {
    windowMinutes: RATE_WINDOW_MINUTES,
    loginPerEmail: LOGIN_LIMIT,
    loginPerAddress: 100,
    mailPerEmail: 3,
    mailPerAddress: 20,
  },
};

// Issue 4, "Done means": two API processes on one PostgreSQL. docs/requirements/scaling.md#stateless-api: the API keeps no state in
// memory, so sessions, verification marks and rate-limit counters are shared through the database.
for (const target of testTargets()) {
  describe(`two API instances on one database [${target.name}]`, () => {
    let a: TestApp | undefined;
    let b: TestApp | undefined;
    const both = () => [a!, b!] as const;

    beforeAll(async () => {
      const url = await createTestDatabase(target, false);
      [a, b] = await Promise.all([startAppOn(target, url, overrides), startAppOn(target, url, overrides)]);
    });
    afterAll(async () => {
      await closeTestApp(a);
      await stopTestApp(b);
    });

    it('migrate a fresh database together, each migration once', async () => {
      const rows = (await a!.dataSource.query(
        `SELECT name, count(*)::int AS times FROM migrations GROUP BY name`,
      )) as { name: string; times: number }[];
      // sorted on one side of the wire only: the server's collation and JS's order names apart
      const byName = (x: { name: string }, y: { name: string }) => x.name.localeCompare(y.name);
      expect(rows.sort(byName)).toEqual(MIGRATIONS.map((m) => ({ name: m.name, times: 1 })).sort(byName));
    });

    it('sign challenges alike: each accepts the solution of a challenge from the other', async () => {
      const [one, other] = both();
      // the first challenges of both race to make the shared secret
      const issued = await Promise.all([fetchChallenge(one.http()), fetchChallenge(other.http())]);
      for (const [i, app] of [other, one].entries()) {
        const res = await request(app.http())
          .post(`${API}/captcha`)
          .send(await solveChallenge(issued[i]!));
        expect(res.body).toEqual({ status: 1, msg: '', data: 'Verified' });
      }
      const [row] = (await one.dataSource.query(
        `SELECT count(*)::int AS n FROM app_setting WHERE key LIKE 'captcha%'`,
      )) as {
        n: number;
      }[];
      expect(row!.n).toBe(1);
    });

    it('share sessions: a log-in on one is valid on the other, and a log-out on it ends it for both', async () => {
      const [one, other] = both();
      const manager = await createManager(one);
      const token = await verifiedSession(one.http());
      const res = await request(one.http())
        .post(`${API}/login`)
        .set('x-auth-token', token)
        .send({ email: manager.email, password: FIXTURE_PASSWORD });
      const session = res.headers['x-auth-token'] as string;
      const state = await request(other.http()).get(`${API}/login_state`).set('x-auth-token', session);
      expect(state.body.data).toEqual({ email: manager.email, name: manager.name, role: Role.Manager });
      await request(other.http()).get(`${API}/logout`).set('x-auth-token', session);
      const after = await request(one.http()).get(`${API}/login_state`).set('x-auth-token', session);
      expect(after.body.data.role).toBe(Role.SignedOut);
    });

    it('count a rate limit over both: log-in attempts alternated between them stop at the limit', async () => {
      const manager = await createManager(a!);
      const statuses: number[] = [];
      for (let i = 0; i <= LOGIN_LIMIT; i++) {
        const app = both()[i % 2]!;
        const token = await verifiedSession(app.http());
        const res = await request(app.http())
          .post(`${API}/login`)
          .set('x-auth-token', token)
          .send({ email: manager.email, password: 'wrong-pass-1' });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([...Array<number>(LOGIN_LIMIT).fill(400), 429]);
    });
  });
}
