import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where the program keeps its files on this computer. */
export interface PlatformPaths {
  /** Settings and credentials. */
  readonly config: string;
  /** Data that grows (the runner's journal). */
  readonly data: string;
}

const APP = 'sweepline';

/**
 * The platform's own folders, by the env-paths convention (docs/requirements/runner.md#on-the-lab-pc):
 * Linux `$XDG_CONFIG_HOME/sweepline` (`~/.config/sweepline`) and `$XDG_DATA_HOME/sweepline`
 * (`~/.local/share/sweepline`); macOS `~/Library/Preferences/sweepline` and
 * `~/Library/Application Support/sweepline`; Windows `%APPDATA%\sweepline\Config` and
 * `%LOCALAPPDATA%\sweepline\Data`. `SWEEPLINE_CONFIG_DIR` / `SWEEPLINE_CLI_DATA_DIR` replace them
 * (tests, portable installs; not `SWEEPLINE_DATA_DIR`, which is the API server's folder).
 */
export function platformPaths(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): PlatformPaths {
  const home = homedir();
  const defaults = (): PlatformPaths => {
    if (platform === 'win32') {
      const appData = env['APPDATA'] ?? join(home, 'AppData', 'Roaming');
      const localAppData = env['LOCALAPPDATA'] ?? join(home, 'AppData', 'Local');
      return { config: join(appData, APP, 'Config'), data: join(localAppData, APP, 'Data') };
    }
    if (platform === 'darwin') {
      const library = join(home, 'Library');
      return { config: join(library, 'Preferences', APP), data: join(library, 'Application Support', APP) };
    }
    return {
      config: join(env['XDG_CONFIG_HOME'] || join(home, '.config'), APP),
      data: join(env['XDG_DATA_HOME'] || join(home, '.local', 'share'), APP),
    };
  };
  const base = defaults();
  return {
    config: env['SWEEPLINE_CONFIG_DIR'] || base.config,
    data: env['SWEEPLINE_CLI_DATA_DIR'] || base.data,
  };
}
