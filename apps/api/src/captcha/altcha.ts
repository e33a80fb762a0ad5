import type { Challenge, DeriveKeyFunction, Payload } from 'altcha-lib' with { 'resolution-mode': 'import' };

export type { Challenge, Payload };

type AltchaLib = typeof import('altcha-lib', { with: { 'resolution-mode': 'import' } });

export interface Altcha extends Pick<AltchaLib, 'createChallenge' | 'verifySolution' | 'solveChallenge'> {
  deriveKey: DeriveKeyFunction;
}

/**
 * SHA-256, one round per try: the work is the number of tries (up to CAPTCHA_MAX_NUMBER), which a
 * browser does in well under a second; PBKDF2 at the README's cost took 32 s (STACK.md).
 */
export const ALTCHA_ALGORITHM = 'SHA-256';

let loaded: Promise<Altcha> | undefined;

/**
 * altcha-lib ships ES-module typings, so this CommonJS build reaches it through import(); at run
 * time the package's "require" export (its CommonJS build) answers. Loaded once.
 */
export function altcha(): Promise<Altcha> {
  loaded ??= Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/sha')]).then(([lib, sha]) => ({
    createChallenge: lib.createChallenge,
    verifySolution: lib.verifySolution,
    solveChallenge: lib.solveChallenge,
    deriveKey: sha.deriveKey,
  }));
  return loaded;
}
