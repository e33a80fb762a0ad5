/** The wire shapes of the captcha calls (docs/requirements/identity.md#human-verification, docs/api/identity.md). */

/** POST /captcha: the solved proof of work. */
export interface VerifyCaptchaBody {
  /** The solved payload as the altcha widget gives it: base64 of JSON {challenge, solution}. */
  ticket: string;
  /** The challenge's id: its signature, as GET /captcha/challenge gave it. */
  randstr: string;
}

/** The parameters of an ALTCHA v2 challenge. */
export interface ChallengeParameters {
  algorithm: string;
  nonce: string;
  salt: string;
  cost: number;
  keyLength: number;
  /** The derived key must start with this (hex). */
  keyPrefix: string;
  /** Seconds since 1970 after which the challenge is refused. */
  expiresAt: number;
}

/** GET /captcha/challenge: an ALTCHA v2 challenge. */
export interface Challenge {
  parameters: ChallengeParameters;
  /** HMAC of the parameters; also the challenge's id (randstr). */
  signature: string;
}
