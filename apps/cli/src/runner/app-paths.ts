import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the runner keeps its files, by the platform's convention (DESIGN.md "On the lab PC", the
 * env-paths layout): the lab configuration in the config folder, the run journal in the data
 * folder. SWEEPLINE_CONFIG_DIR and SWEEPLINE_JOURNAL_DIR override them (tests, or a shared disk).
 */
export interface AppPaths {
  readonly config: string;
  readonly data: string;
}

const NAME = 'sweepline';

export function platformPaths(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home = homedir(),
): AppPaths {
  if (platform === 'win32') {
    const local = env['LOCALAPPDATA'] ?? join(home, 'AppData', 'Local');
    const roaming = env['APPDATA'] ?? join(home, 'AppData', 'Roaming');
    return { config: join(roaming, NAME, 'Config'), data: join(local, NAME, 'Data') };
  }
  if (platform === 'darwin') {
    const library = join(home, 'Library');
    return { config: join(library, 'Preferences', NAME), data: join(library, 'Application Support', NAME) };
  }
  return {
    config: join(env['XDG_CONFIG_HOME'] || join(home, '.config'), NAME),
    data: join(env['XDG_DATA_HOME'] || join(home, '.local', 'share'), NAME),
  };
}

/** The lab configuration's folder. */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  return env['SWEEPLINE_CONFIG_DIR'] || platformPaths(env).config;
}

/** The run journal's folder. */
export function journalDir(env: NodeJS.ProcessEnv = process.env): string {
  return env['SWEEPLINE_JOURNAL_DIR'] || join(platformPaths(env).data, 'journal');
}
