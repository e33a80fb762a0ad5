import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { emailError, Refused, requiredPasswordError, Role, SessionUser } from '@sweepline/domain';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { RateLimitService } from '../rate-limit/rate-limit.service';
import { AuthContext } from './auth-context';
import { LoginDto } from './dto/identity.dto';
import { limitKey, refuseFirstField, requireVerification } from './identity-checks';
import { IdentityRepository } from './identity.repository';
import { hashPassword, passwordMatches } from './passwords';
import { SessionService } from './session.service';

export const LOGIN_MSG = {
  /** The same words for an unknown e-mail and a wrong password: no one learns who has an account. */
  wrong: 'Wrong email or password',
  notActivated: 'This account is not activated yet. Open the activation link in your e-mail first',
} as const;

/** docs/requirements/shell-and-navigation.md#session-state: the signed-out session user. */
export const SIGNED_OUT: SessionUser = { email: '', name: '', role: Role.SignedOut };

let dummyHash: Promise<string> | undefined;
/** Checked against when the e-mail is unknown, so that a wrong e-mail takes as long as a wrong password. */
function hashOfNobody(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

@Injectable()
export class LoginService {
  constructor(
    private readonly users: IdentityRepository,
    private readonly sessions: SessionService,
    private readonly rateLimits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  state(auth: AuthContext): SessionUser {
    const user = auth.user;
    return user ? { email: user.email, name: user.name, role: user.role } : SIGNED_OUT;
  }

  /** A new session for the user (never the caller's old token: no session fixation). */
  async login(
    auth: AuthContext,
    address: string,
    dto: LoginDto,
  ): Promise<{ token: string; user: SessionUser }> {
    refuseFirstField(['email', emailError(dto.email)], ['password', requiredPasswordError(dto.password)]);
    await requireVerification(this.sessions, auth);
    await this.rateLimits.hit(limitKey.loginAddress(address), this.config.rateLimit.loginPerAddress);
    await this.rateLimits.hit(limitKey.loginEmail(dto.email), this.config.rateLimit.loginPerEmail);
    const user = await this.users.findLiveByEmail(dto.email);
    const matches = await passwordMatches(user?.passwordHash ?? (await hashOfNobody()), dto.password);
    if (!user || !matches) throw new Refused(LOGIN_MSG.wrong);
    if (!user.isActive) throw new Refused(LOGIN_MSG.notActivated);
    if (auth.sessionId) await this.sessions.revoke(auth.sessionId);
    const token = await this.sessions.create(user.id);
    return { token, user: { email: user.email, name: user.name, role: user.role } };
  }

  async logout(auth: AuthContext): Promise<void> {
    if (auth.sessionId) await this.sessions.revoke(auth.sessionId);
  }
}
