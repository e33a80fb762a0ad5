import { loadSiteConfig, SiteConfigError } from './site-config';

describe('loadSiteConfig', () => {
  it('has defaults for every field', () => {
    const info = loadSiteConfig({});
    expect(info.runnerPackagePath).toBe('dl/sweepline.tgz');
    expect(info.tutorialVideos).toEqual({});
    expect(info.contact.registryUrl).toMatch(/^https:/);
  });

  it('reads the contact and the videos from the environment', () => {
    const info = loadSiteConfig({
      CONTACT_PHONE: ' +61 7 1234 5678 ',
      TUTORIAL_VIDEOS: '{"run-tests": "https://video.example/run"}',
      RUNNER_PACKAGE_PATH: 'dl/runner-0.1.0.tgz',
    });
    expect(info.contact.phone).toBe('+61 7 1234 5678');
    expect(info.tutorialVideos).toEqual({ 'run-tests': 'https://video.example/run' });
    expect(info.runnerPackagePath).toBe('dl/runner-0.1.0.tgz');
  });

  it.each([
    [{ TUTORIAL_VIDEOS: '[1]' }, 'TUTORIAL_VIDEOS must be a JSON object'],
    [{ TUTORIAL_VIDEOS: '{"a": "javascript:alert(1)"}' }, 'TUTORIAL_VIDEOS.a must be an http(s) address'],
    [{ TUTORIAL_VIDEOS: '{' }, 'TUTORIAL_VIDEOS must be a JSON object'],
    [{ CONTACT_LINKEDIN: 'linkedin' }, "CONTACT_LINKEDIN must be an http(s) address, not 'linkedin'"],
    [{ RUNNER_PACKAGE_PATH: '../etc/passwd' }, 'RUNNER_PACKAGE_PATH must be a file under dl/'],
  ])('refuses %j', (env, message) => {
    expect(() => loadSiteConfig(env)).toThrow(SiteConfigError);
    expect(() => loadSiteConfig(env)).toThrow(message);
  });
});
