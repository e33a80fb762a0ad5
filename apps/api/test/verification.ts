import request from 'supertest';
import type { Challenge } from '../src/captcha/altcha';
import { altcha } from '../src/captcha/altcha';

/** What supertest's request() takes: an app's HTTP server. */
export type Http = Parameters<typeof request>[0];

const API = '/webcyc/api';

/** GET /captcha/challenge, as the caller of `token` (if any); the challenge starts no session. */
export async function fetchChallenge(http: Http, token?: string): Promise<Challenge> {
  const req = request(http).get(`${API}/captcha/challenge`);
  const res = await (token ? req.set('x-auth-token', token) : req);
  if (res.status !== 200)
    throw new Error(`GET /captcha/challenge answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data as Challenge;
}

/** Solves a challenge as the altcha widget does, giving the body of POST /captcha. */
export async function solveChallenge(challenge: Challenge): Promise<{ ticket: string; randstr: string }> {
  const lib = await altcha();
  const solution = await lib.solveChallenge({ challenge, deriveKey: lib.deriveKey });
  if (!solution) throw new Error('The challenge could not be solved');
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  };
  return {
    ticket: Buffer.from(JSON.stringify(payload)).toString('base64'),
    randstr: challenge.signature ?? '',
  };
}

/**
 * A session with a fresh verification mark, as the log-in, sign-up and forgotten-password pages
 * have one: the challenge comes from `http`, the solution goes to `postTo` (another instance, if
 * given). Pass `token` to verify an existing session. Returns the session token.
 */
export async function verifiedSession(http: Http, token?: string, postTo: Http = http): Promise<string> {
  const challenge = await fetchChallenge(http, token);
  const req = request(postTo).post(`${API}/captcha`);
  const res = await (token ? req.set('x-auth-token', token) : req).send(await solveChallenge(challenge));
  if (res.status !== 200)
    throw new Error(`POST /captcha answered ${res.status}: ${JSON.stringify(res.body)}`);
  // without a session, the solution starts a verified one
  return token ?? (res.headers['x-auth-token'] as string);
}

/**
 * POST /login as the log-in page does it: verify first, then send the form. `headers` may set
 * X-Forwarded-For to act from another client address (the API trusts it from loopback only).
 */
export async function login(
  http: Http,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<request.Response> {
  const token = await verifiedSession(http);
  return request(http).post(`${API}/login`).set(headers).set('x-auth-token', token).send({ email, password });
}
