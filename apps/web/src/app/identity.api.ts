import type {
  ActivateQuery,
  Challenge,
  ChangePassBody,
  ForgetPassBody,
  LoginBody,
  ResetPassBody,
  SessionUser,
  SignupBody,
  VerifyCaptchaBody,
} from '@sweepline/domain';
import { api } from './api-client';

/** The identity calls of docs/api/identity.md (spec 1 section 7, spec 2 section 7), typed with the domain's wire shapes. */
export const identityApi = {
  /** An ALTCHA challenge; its signature is the randstr of POST /captcha. */
  challenge: () => api.get<Challenge>('/captcha/challenge'),
  verify: (ticket: string, randstr: string) =>
    api.post<string>('/captcha', { ticket, randstr } satisfies VerifyCaptchaBody),
  loginState: () => api.get<SessionUser>('/login_state'),
  login: (email: string, password: string) =>
    api.post<SessionUser>('/login', { email, password } satisfies LoginBody),
  logout: () => api.get<null>('/logout'),
  signup: (body: SignupBody) => api.post<null>('/user/signup', body),
  activate: (email: string, code: string) =>
    api.post<null>('/user/activate', { email, code } satisfies ActivateQuery),
  forgetPass: (email: string) => api.post<null>('/user/forget_pass', { email } satisfies ForgetPassBody),
  resetPass: (email: string, password: string, code: string) =>
    api.post<null>('/user/reset_pass', { email, password, code } satisfies ResetPassBody),
  changePass: (current_pass: string, new_pass: string) =>
    api.put<null>('/user/pass', { current_pass, new_pass } satisfies ChangePassBody),
};
