/**
 * GET /site: what the open pages (Download, Contact, Guides) show that is the operator's to set,
 * not the web app's (docs/api/reports.md "GET /site", docs/operations.md).
 */
export interface SiteContact {
  company: string;
  phone: string;
  email: string;
  linkedIn: string;
  address: string;
  /** The company registry search (docs/requirements/download-and-site.md#contact-page: the Australian one). */
  registryUrl: string;
}

export interface SiteInfo {
  contact: SiteContact;
  /** Tutorial slug (TUTORIALS of the web app) → an embeddable video address; missing: no video yet. */
  tutorialVideos: Record<string, string>;
  /** The runner package's path under the site, like 'dl/sweepline.tgz'. */
  runnerPackagePath: string;
  /** Whether that file is there now: the Download page offers it only then (never a dead link). */
  runnerPackageAvailable: boolean;
  /** Where lab PCs get the instrument vendor's VISA library (IO Libraries Suite). */
  visaLibraryUrl: string;
}
