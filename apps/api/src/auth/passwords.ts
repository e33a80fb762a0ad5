import { hash, verify } from '@node-rs/argon2';

/** argon2id (docs/requirements/identity.md#password-rule) with the library's defaults (19 MiB, 2 passes), as OWASP suggests. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a wrong password and for a user who has none yet (added but not activated). */
export async function passwordMatches(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
