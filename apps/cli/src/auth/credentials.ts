import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { platformPaths } from './platform-paths';

/** What `sweepline login` keeps for one server: the session token and who it belongs to. */
export interface SavedLogin {
  /** The session token (sent in x-auth-token), never the password. */
  token: string;
  email: string;
  name: string;
  /** ISO 8601, when the log-in happened. */
  savedAt: string;
}

/** The credentials file: one log-in per server (by its normalised URL). */
interface CredentialsFile {
  version: 1;
  servers: Record<string, SavedLogin>;
}

export function credentialsPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(platformPaths(env).config, 'credentials.json');
}

function readFile(path: string): CredentialsFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return { version: 1, servers: {} };
  }
  try {
    const parsed = JSON.parse(text) as Partial<CredentialsFile>;
    if (typeof parsed.servers === 'object' && parsed.servers !== null)
      return { version: 1, servers: parsed.servers };
  } catch {
    // a damaged file is treated as no log-in: `sweepline login` writes a good one again
  }
  return { version: 1, servers: {} };
}

/**
 * Writes the file with owner-only permissions (0600, folder 0700) through a temporary file and a
 * rename, so a crash never leaves half a file and the token is never readable by others, not even
 * for a moment.
 */
function writeFile(path: string, file: CredentialsFile): void {
  const dir = join(path, '..');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

export function loadLogin(server: string, env: NodeJS.ProcessEnv = process.env): SavedLogin | undefined {
  return readFile(credentialsPath(env)).servers[server];
}

export function saveLogin(server: string, login: SavedLogin, env: NodeJS.ProcessEnv = process.env): void {
  const path = credentialsPath(env);
  const file = readFile(path);
  file.servers[server] = login;
  writeFile(path, file);
}

/** Forgets the server's log-in; true when there was one. The file goes when it holds no log-in. */
export function forgetLogin(server: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const path = credentialsPath(env);
  const file = readFile(path);
  if (!file.servers[server]) return false;
  delete file.servers[server];
  if (Object.keys(file.servers).length === 0) rmSync(path, { force: true });
  else writeFile(path, file);
  return true;
}
