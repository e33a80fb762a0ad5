import { HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { NOT_RECORDED_ORIGIN } from '@sweepline/domain';
import { SIGNED_OUT } from '../src/app/session.atoms';

/**
 * msw answering the API for component tests; each test adds the calls it needs. The calls a
 * screen makes by itself beside its own (the editor's release marks, Settings' release control
 * and instrument setting, a run's instruments on /tr, the product's SPC alarm mail, a charted
 * step's frozen limits and open alarms) answer "nothing to show" unless a test says otherwise.
 */
export const server = setupServer(
  http.get('/webcyc/api/login_state', () => ok(SIGNED_OUT)),
  http.get('/webcyc/api/seq/:seqId/releases', ({ params }) =>
    ok({ seqId: Number(params.seqId), releases: [], runnableNo: null, draftDiffers: false }),
  ),
  http.get('/webcyc/api/product/:productId/release_marks', () => ok([])),
  http.get('/webcyc/api/user/release_settings', () => ok({ releaseControl: false, approval: false })),
  http.get('/webcyc/api/releases/waiting', () => ok([])),
  http.get('/webcyc/api/user/instrument_settings', () => ok({ allowOverdue: false })),
  http.get('/webcyc/api/spc/subscriptions/:productId', ({ params }) =>
    ok({ productId: Number(params.productId), subscribed: false }),
  ),
  http.get('/webcyc/api/spc/limits', () => ok({ limits: null })),
  http.get('/webcyc/api/spc/alarms', () => ok({ alarms: [], nextBeforeId: null })),
  http.get('/webcyc/api/runs/:id/origin', () => ok(NOT_RECORDED_ORIGIN)),
);

/** A successful reply in the API's envelope. */
export function ok(data: JsonBodyType, headers?: Record<string, string>) {
  return HttpResponse.json({ status: 1, msg: '', data }, { headers });
}

/** A refusal as the API sends it: HTTP 4xx with status 0 and the message. */
export function refuse(msg: string, httpStatus = 400) {
  return HttpResponse.json({ status: 0, msg, data: null }, { status: httpStatus });
}

export const path = (p: string) => `/webcyc/api${p}`;

export const CHALLENGE = {
  parameters: { algorithm: 'SHA-256', nonce: 'n', salt: 's', keyPrefix: 'k' },
  signature: 'sig-1',
};

/**
 * GET /captcha/challenge and POST /captcha as the API answers them. `seen` collects the bodies
 * of POST /captcha; `refusal` makes it refuse.
 */
export function captchaHandlers(seen: unknown[] = [], refusal?: string) {
  return [
    http.get(path('/captcha/challenge'), () => ok(CHALLENGE, { 'x-auth-token': 'signed-out-session' })),
    http.post(path('/captcha'), async ({ request }) => {
      seen.push(await request.json());
      return refusal ? refuse(refusal) : ok('Verified');
    }),
  ];
}
