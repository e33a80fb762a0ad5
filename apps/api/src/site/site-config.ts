import type { SiteInfo } from '@sweepline/domain';

/** Thrown for a malformed site variable; the API refuses to start (as loadConfig does). */
export class SiteConfigError extends Error {}

const text = (env: NodeJS.ProcessEnv, name: string, fallback: string): string =>
  env[name]?.trim() || fallback;

function url(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = text(env, name, fallback);
  if (!/^https?:\/\/\S+$/.test(value))
    throw new SiteConfigError(`${name} must be an http(s) address, not '${value}'`);
  return value;
}

/** TUTORIAL_VIDEOS: a JSON object of tutorial slug → http(s) address. */
function videos(env: NodeJS.ProcessEnv): Record<string, string> {
  const raw = env['TUTORIAL_VIDEOS']?.trim();
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new SiteConfigError('TUTORIAL_VIDEOS must be a JSON object like {"create-tests": "https://…"}');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new SiteConfigError('TUTORIAL_VIDEOS must be a JSON object like {"create-tests": "https://…"}');
  for (const [slug, address] of Object.entries(parsed)) {
    if (typeof address !== 'string' || !/^https?:\/\/\S+$/.test(address))
      throw new SiteConfigError(`TUTORIAL_VIDEOS.${slug} must be an http(s) address`);
  }
  return parsed as Record<string, string>;
}

/** The site's contact details, tutorial videos and runner package (docs/operations.md). */
export function loadSiteConfig(
  env: NodeJS.ProcessEnv = process.env,
): Omit<SiteInfo, 'runnerPackageAvailable'> {
  const runnerPackagePath = text(env, 'RUNNER_PACKAGE_PATH', 'dl/sweepline.tgz');
  if (!/^dl\/[\w.-]+$/.test(runnerPackagePath))
    throw new SiteConfigError(`RUNNER_PACKAGE_PATH must be a file under dl/, not '${runnerPackagePath}'`);
  return {
    contact: {
      company: text(env, 'CONTACT_COMPANY', 'Sweepline Pty Ltd'),
      phone: text(env, 'CONTACT_PHONE', '+61 7 3000 0000'),
      email: text(env, 'CONTACT_EMAIL', 'info@sweepline.example'),
      linkedIn: url(env, 'CONTACT_LINKEDIN', 'https://www.linkedin.com/company/sweepline'),
      address: text(env, 'CONTACT_ADDRESS', '1 Example Street, Brisbane QLD 4000, Australia'),
      registryUrl: url(env, 'CONTACT_REGISTRY_URL', 'https://abr.business.gov.au/'),
    },
    tutorialVideos: videos(env),
    runnerPackagePath,
    visaLibraryUrl: url(
      env,
      'VISA_LIBRARY_URL',
      'https://www.keysight.com/us/en/lib/software-detail/computer-software/io-libraries-suite-downloads-2175637.html',
    ),
  };
}
