import type { SessionUser } from '@sweepline/domain';
import { api } from './api-client';

/** The identity calls of docs/api/identity.md (spec 1 section 7, spec 2 section 7). */

/** GET /captcha/challenge: an ALTCHA challenge; its signature is the randstr of POST /captcha. */
export interface CaptchaChallenge {
  parameters: Record<string, unknown>;
  signature: string;
}

export const identityApi = {
  challenge: () => api.get<CaptchaChallenge>('/captcha/challenge'),
  verify: (ticket: string, randstr: string) => api.post<string>('/captcha', { ticket, randstr }),
  loginState: () => api.get<SessionUser>('/login_state'),
  login: (email: string, password: string) => api.post<SessionUser>('/login', { email, password }),
  logout: () => api.get<null>('/logout'),
  signup: (body: { account_name: string; email: string; password: string; manager_name: string }) =>
    api.post<null>('/user/signup', body),
  activate: (email: string, code: string) => api.post<null>('/user/activate', { email, code }),
  forgetPass: (email: string) => api.post<null>('/user/forget_pass', { email }),
  resetPass: (email: string, password: string, code: string) =>
    api.post<null>('/user/reset_pass', { email, password, code }),
  changePass: (current_pass: string, new_pass: string) =>
    api.put<null>('/user/pass', { current_pass, new_pass }),
};
