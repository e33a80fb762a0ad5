import type { SiteInfo } from '@sweepline/domain';

/** What GET /site answers in component tests: the provider's contact details and links. */
export const SITE: SiteInfo = {
  contact: {
    company: 'Test Co Pty Ltd',
    phone: '+61 7 5555 0101',
    email: 'hello@test.example',
    linkedIn: 'https://linkedin.example/testco',
    address: '2 Sample Road, Cairns QLD 4870, Australia',
    registryUrl: 'https://registry.example/',
  },
  tutorialVideos: { 'run-tests': 'https://video.example/run' },
  runnerPackagePath: 'dl/sweepline.tgz',
  runnerPackageAvailable: true,
  visaLibraryUrl: 'https://visa.example/',
};
