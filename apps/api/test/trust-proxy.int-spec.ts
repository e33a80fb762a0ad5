import request from 'supertest';
import type { AppConfig } from '../src/config/app-config';
import { createManager, FIXTURE_PASSWORD } from './fixtures';
import { testTargets } from './targets';
import type { TestApp } from './test-app';
import { startTestApp, stopTestApp } from './test-app';
import { verifiedSession } from './verification';

// Issue 16: TRUST_PROXY decides whose X-Forwarded-For names the caller that the per-address
// log-in limit counts. supertest connects from 127.0.0.1, which plays the proxy here.

const API = '/webcyc/api';
const PER_ADDRESS = 3;

function limits(trustProxy: AppConfig['trustProxy']): Partial<AppConfig> {
  return {
    trustProxy,
    rateLimit: {
      windowMinutes: 15,
      loginPerEmail: 100,
      loginPerAddress: PER_ADDRESS,
      mailPerEmail: 3,
      mailPerAddress: 20,
    },
  };
}

/** One log-in attempt with a wrong password, from `forwardedFor` as the proxy says. */
async function attempt(t: TestApp, email: string, forwardedFor: string): Promise<number> {
  const token = await verifiedSession(t.http());
  const res = await request(t.http())
    .post(`${API}/login`)
    .set('x-auth-token', token)
    .set('x-forwarded-for', forwardedFor)
    .send({ email, password: `${FIXTURE_PASSWORD}-wrong` });
  return res.status;
}

const target = testTargets()[0]!;

describe('behind a trusted proxy (TRUST_PROXY names it)', () => {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await startTestApp(target, limits(['127.0.0.1/32']));
  });
  afterAll(() => stopTestApp(t));

  it('limits two callers apart', async () => {
    const { email } = await createManager(t!);
    const first: number[] = [];
    for (let i = 0; i <= PER_ADDRESS; i++) first.push(await attempt(t!, email, '203.0.113.7'));
    // the limit's fourth attempt is refused, the others are only wrong passwords
    expect(first).toEqual([400, 400, 400, 429]);
    expect(await attempt(t!, email, '198.51.100.9')).toBe(400);
  });

  it('takes the address the proxy saw, not the one a caller put in front of it', async () => {
    const { email } = await createManager(t!);
    // the caller sends its own header, the proxy appends the address it saw
    for (let i = 0; i < PER_ADDRESS; i++)
      expect(await attempt(t!, email, `10.9.9.${i}, 192.0.2.44`)).toBe(400);
    expect(await attempt(t!, email, '10.9.9.200, 192.0.2.44')).toBe(429);
  });
});

describe('a forged X-Forwarded-For from an address TRUST_PROXY does not name', () => {
  let t: TestApp | undefined;
  beforeAll(async () => {
    // the proxy is elsewhere: the loopback caller is an ordinary client
    t = await startTestApp(target, limits(['10.0.0.1']));
  });
  afterAll(() => stopTestApp(t));

  it('is ignored: every attempt counts against the caller itself', async () => {
    const { email } = await createManager(t!);
    const statuses: number[] = [];
    for (let i = 0; i <= PER_ADDRESS; i++) statuses.push(await attempt(t!, email, `203.0.113.${i + 1}`));
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});
