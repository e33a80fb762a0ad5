import { readFileSync, unwatchFile, watchFile, type Stats } from 'node:fs';
import { createSecureContext, type Server as TlsServer } from 'node:tls';
import { ConfigError } from '../config/app-config';

export interface TlsFiles {
  certFile: string;
  keyFile: string;
}

export interface TlsPair {
  cert: Buffer;
  key: Buffer;
}

/** How often the files are looked at: a renewed certificate is served within this time. */
export const TLS_POLL_MS = 2000;

function read(variable: string, file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    throw new ConfigError(`${variable}: cannot read ${file} (${(error as NodeJS.ErrnoException).code})`);
  }
}

/**
 * The certificate (PEM, the chain after it) and its private key; refused when they are not a pair
 * or not PEM, so a wrong setting stops the start with a message instead of failing handshakes.
 */
export function readTlsPair(files: TlsFiles): TlsPair {
  const pair = { cert: read('TLS_CERT_FILE', files.certFile), key: read('TLS_KEY_FILE', files.keyFile) };
  try {
    createSecureContext(pair);
  } catch (error) {
    throw new ConfigError(
      `TLS_CERT_FILE and TLS_KEY_FILE are not a usable pair: ${(error as Error).message}`,
    );
  }
  return pair;
}

export interface ReloadLog {
  log(message: string): void;
  warn(message: string): void;
}

/**
 * Serves a renewed certificate without a restart (certbot, cert-manager and the like replace the
 * files): both files are polled (a poll also sees a file replaced through a symlink swap, where a
 * watch on the old inode would not), and new handshakes use the new pair. A renewal writes the two
 * files one after the other, so a half-renewed pair is refused and the one in use kept until the
 * second file changes too. Returns the function that stops watching.
 */
export function reloadOnChange(server: TlsServer, files: TlsFiles, log: ReloadLog, intervalMs = TLS_POLL_MS) {
  const reload = (now: Stats, before: Stats) => {
    if (now.mtimeMs === before.mtimeMs && now.size === before.size) return;
    try {
      server.setSecureContext(readTlsPair(files));
      log.log(`TLS certificate reloaded from ${files.certFile}`);
    } catch (error) {
      log.warn(`TLS certificate not reloaded, the previous one is still served: ${(error as Error).message}`);
    }
  };
  for (const file of [files.certFile, files.keyFile])
    watchFile(file, { interval: intervalMs, persistent: false }, reload);
  return () => {
    for (const file of [files.certFile, files.keyFile]) unwatchFile(file, reload);
  };
}
