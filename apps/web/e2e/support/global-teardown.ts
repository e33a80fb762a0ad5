import { rmSync } from 'node:fs';
import { TEMPLATES_ENV } from './global-setup';

/** Jest's globalTeardown of the e2e project: removes the run's data templates (data-templates.ts). */
export default function globalTeardown(): void {
  const folder = process.env[TEMPLATES_ENV];
  if (folder) rmSync(folder, { recursive: true, force: true });
}
