import { endpoints, type SignupBody } from '@sweepline/domain';
import { api } from './api-client';

const { identity } = endpoints;

/** The identity calls of docs/api/identity.md (docs/requirements/test-editor.md#calls, docs/requirements/identity.md), typed with the domain's wire shapes. */
export const identityApi = {
  /** An ALTCHA challenge; its signature is the randstr of POST /captcha. */
  challenge: () => api.call(identity.challenge),
  verify: (ticket: string, randstr: string) =>
    api.call(identity.verifyCaptcha, { body: { ticket, randstr } }),
  loginState: () => api.call(identity.loginState),
  login: (email: string, password: string) => api.call(identity.login, { body: { email, password } }),
  logout: () => api.call(identity.logout),
  signup: (body: SignupBody) => api.call(identity.signup, { body }),
  activate: (email: string, code: string) => api.call(identity.activate, { body: { email, code } }),
  forgetPass: (email: string) => api.call(identity.forgetPass, { body: { email } }),
  resetPass: (email: string, password: string, code: string) =>
    api.call(identity.resetPass, { body: { email, password, code } }),
  changePass: (current_pass: string, new_pass: string) =>
    api.call(identity.changePass, { body: { current_pass, new_pass } }),
};
