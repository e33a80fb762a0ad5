import { join } from 'node:path';
import { platformPaths } from '../auth/platform-paths';

/** The lab configuration's folder (the platform's config folder, or SWEEPLINE_CONFIG_DIR). */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  return platformPaths(env).config;
}

/** The run journal's folder (under the platform's data folder, or SWEEPLINE_CLI_DATA_DIR). */
export function journalDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(platformPaths(env).data, 'journal');
}
