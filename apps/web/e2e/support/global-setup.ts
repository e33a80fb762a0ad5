import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the run's data templates are (data-templates.ts); the jest workers inherit it. */
export const TEMPLATES_ENV = 'SWEEPLINE_WEB_E2E_TEMPLATES';

/**
 * A new folder for data templates. Run as root, the API runs its cluster as the postgres system
 * user, which must pass through this folder to a template's cluster: mkdtemp makes it 0700.
 */
export function makeTemplatesFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'sweepline-web-e2e-templates-'));
  chmodSync(folder, 0o755);
  return folder;
}

/** Jest's globalSetup of the e2e project: the run's folder of data templates, empty until used. */
export default function globalSetup(): void {
  process.env[TEMPLATES_ENV] = makeTemplatesFolder();
}
