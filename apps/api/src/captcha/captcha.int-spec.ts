import request from 'supertest';
import { hashToken, newToken } from '../auth/tokens';
import { createManager } from '../../test/fixtures';
import type { TestApp } from '../../test/test-app';
import { describeEachDatabase } from '../../test/test-app';
import { fetchChallenge, solveChallenge, verifiedSession } from '../../test/verification';
import { altcha, ALTCHA_ALGORITHM } from './altcha';
import { CAPTCHA_MSG } from './captcha.service';

const API = '/webcyc/api';

async function verifiedUntil(t: TestApp, token: string): Promise<Date | null> {
  const [row] = (await t.dataSource.query(`SELECT verified_until FROM session WHERE token_hash = $1`, [
    hashToken(token),
  ])) as { verified_until: Date | null }[];
  return row ? row.verified_until : null;
}

interface Ticket {
  challenge: { parameters: { keyPrefix: string; expiresAt: number }; signature: string };
  solution: { counter: number; derivedKey: string };
}

/** A base64 JSON ticket with one part changed after solving. */
function retouch(ticket: string, change: (payload: Ticket) => void): string {
  const payload = JSON.parse(Buffer.from(ticket, 'base64').toString('utf8')) as Ticket;
  change(payload);
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** The rows of the tables a caller could grow: sessions, used challenges, rate-limit windows. */
async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const [row] = (await t.dataSource.query(
    `SELECT (SELECT count(*) FROM session)::int AS session, (SELECT count(*) FROM captcha_used)::int AS used,
            (SELECT count(*) FROM rate_limit)::int AS rate_limit, (SELECT count(*) FROM app_setting)::int AS setting`,
  )) as Record<string, number>[];
  return row!;
}

describeEachDatabase('captcha', (t) => {
  const post = (token: string | undefined, body: object) => {
    const req = request(t().http()).post(`${API}/captcha`);
    return (token ? req.set('x-auth-token', token) : req).send(body);
  };

  /** A signed-out session, as a first verification leaves one. */
  async function signedOutSession(): Promise<string> {
    const token = newToken();
    await t().dataSource.query(
      `INSERT INTO session (token_hash, user_id, expires_at) VALUES ($1, NULL, now() + interval '1 hour')`,
      [hashToken(token)],
    );
    return token;
  }

  it('gives a signed challenge and starts no session', async () => {
    const res = await request(t().http()).get(`${API}/captcha/challenge`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(1);
    const { parameters, signature } = res.body.data;
    expect(parameters).toMatchObject({ algorithm: ALTCHA_ALGORITHM, cost: 1 });
    expect(parameters.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(res.headers['x-auth-token']).toBeUndefined();
  });

  it('writes nothing however many challenges are asked for (issue 42)', async () => {
    await fetchChallenge(t().http());
    const before = await rowCounts(t());
    for (let i = 0; i < 50; i++) await fetchChallenge(t().http());
    expect(await rowCounts(t())).toEqual(before);
  });

  it('keeps the session of a caller who has one', async () => {
    const manager = await createManager(t());
    const res = await request(t().http()).get(`${API}/captcha/challenge`).set('x-auth-token', manager.token);
    expect(res.headers['x-auth-token']).toBe(manager.token);
  });

  it('keeps its signing secret in the database, made once', async () => {
    await fetchChallenge(t().http());
    const rows = (await t().dataSource.query(`SELECT value FROM app_setting WHERE key LIKE 'captcha%'`)) as {
      value: string;
    }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.value).toMatch(/^[0-9a-f]{64}$/);
  });

  it('marks the session verified for a solved challenge', async () => {
    const token = await signedOutSession();
    const challenge = await fetchChallenge(t().http(), token);
    const res = await post(token, await solveChallenge(challenge));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 1, msg: '', data: 'Verified' });
    expect((await verifiedUntil(t(), token))!.getTime()).toBeGreaterThan(Date.now());
  });

  it('starts a verified session when the solution comes without one', async () => {
    const challenge = await fetchChallenge(t().http());
    const res = await post(undefined, await solveChallenge(challenge));
    expect(res.status).toBe(200);
    const token = res.headers['x-auth-token'] as string;
    expect((await verifiedUntil(t(), token))!.getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses a challenge used twice', async () => {
    const token = await signedOutSession();
    const challenge = await fetchChallenge(t().http(), token);
    const body = await solveChallenge(challenge);
    expect((await post(token, body)).status).toBe(200);
    await t().dataSource.query(`UPDATE session SET verified_until = NULL WHERE token_hash = $1`, [
      hashToken(token),
    ]);
    const again = await post(token, body);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ status: 0, msg: CAPTCHA_MSG.used, data: null });
    expect(await verifiedUntil(t(), token)).toBeNull();
  });

  it('refuses a wrong solution, a changed challenge and a randstr of another challenge', async () => {
    const token = await signedOutSession();
    const challenge = await fetchChallenge(t().http(), token);
    const body = await solveChallenge(challenge);
    const other = await fetchChallenge(t().http());
    const wrong = [
      { ...body, ticket: retouch(body.ticket, (p) => (p.solution.counter += 1)) },
      { ...body, ticket: retouch(body.ticket, (p) => (p.solution.derivedKey = '00'.repeat(32))) },
      { ...body, ticket: retouch(body.ticket, (p) => (p.challenge.parameters.keyPrefix = '00')) },
      { ...body, ticket: retouch(body.ticket, (p) => (p.challenge.parameters.expiresAt += 3600)) },
      { ...body, randstr: other.signature },
      { ...body, ticket: 'not base64 json' },
      { ...body, ticket: Buffer.from('{"challenge":1}').toString('base64') },
      { ...body, ticket: '' },
    ];
    for (const attempt of wrong) {
      const res = await post(token, attempt);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: 0, msg: CAPTCHA_MSG.failed, data: null });
    }
    expect(await verifiedUntil(t(), token)).toBeNull();
    expect((await post(token, body)).status).toBe(200);
  });

  it('refuses an expired challenge', async () => {
    const [setting] = (await t().dataSource.query(
      `SELECT value FROM app_setting WHERE key LIKE 'captcha%'`,
    )) as {
      value: string;
    }[];
    const lib = await altcha();
    const challenge = await lib.createChallenge({
      algorithm: ALTCHA_ALGORITHM,
      cost: 1,
      counter: 10,
      deriveKey: lib.deriveKey,
      expiresAt: new Date(Date.now() - 1000),
      hmacSignatureSecret: setting!.value,
    });
    const res = await post(await signedOutSession(), await solveChallenge(challenge));
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(CAPTCHA_MSG.expired);
  });

  it.each([
    ['a missing field', { ticket: 'x' }, 'randstr must be a string'],
    ['a wrong type', { ticket: 1, randstr: 'x' }, 'ticket must be a string'],
    ['an unknown field', { ticket: 'x', randstr: 'x', extra: 1 }, 'extra: property extra should not exist'],
    [
      'an oversized ticket',
      { ticket: 'x'.repeat(4001), randstr: 'x' },
      'ticket must be shorter than or equal to 4000 characters',
    ],
  ])('refuses a body with %s', async (_why, body, msg) => {
    const res = await post(undefined, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 0, msg, data: null });
  });

  it('is listed in the OpenAPI document', async () => {
    const res = await request(t().http()).get(`${API}/docs-json`);
    expect(res.body.paths[`${API}/captcha/challenge`].get).toBeDefined();
    expect(res.body.paths[`${API}/captcha`].post).toBeDefined();
  });
});

describeEachDatabase('captcha housekeeping', (t) => {
  it('drops used challenges, sessions and rate-limit windows that have expired', async () => {
    await t().dataSource.query(
      `INSERT INTO captcha_used (challenge, expires_at) VALUES ('old', now() - interval '1 minute')`,
    );
    await t().dataSource.query(
      `INSERT INTO session (token_hash, user_id, expires_at) VALUES ('old-session', NULL, now() - interval '1 minute')`,
    );
    await t().dataSource.query(
      `INSERT INTO rate_limit (key, window_start, count) VALUES ('old', now() - interval '2 days', 1)`,
    );
    await verifiedSession(t().http());
    expect(await t().dataSource.query(`SELECT 1 FROM captcha_used WHERE challenge = 'old'`)).toEqual([]);
    expect(await t().dataSource.query(`SELECT 1 FROM session WHERE token_hash = 'old-session'`)).toEqual([]);
    expect(await t().dataSource.query(`SELECT 1 FROM rate_limit WHERE key = 'old'`)).toEqual([]);
    expect(await t().dataSource.query(`SELECT 1 FROM captcha_used`)).toHaveLength(1);
  });
});
