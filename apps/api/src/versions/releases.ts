/**
 * Release notes of the command-line runner (spec 2 section 2, Download page), newest first.
 * Add an entry here with every release of apps/cli; its `no` is apps/cli/package.json's version.
 */
export interface Release {
  /** Semantic version, like 0.1.0. */
  no: string;
  /** 'YYYY-MM-DD' of the release. */
  date: string;
  notes: string[];
}

export const RELEASES: readonly Release[] = [
  {
    no: '0.1.0',
    date: '2026-11-23',
    notes: [
      'First release of the command-line runner for Windows, Linux and macOS, replacing the Windows app',
      'Signs in with an API token made by the account manager (SWEEPLINE_TOKEN)',
      'Downloads only complete, error-free tests',
      'Uploads every run with its step results; a retried upload never counts twice',
      'Keeps runs made while the network is down in a local queue and uploads them later',
    ],
  },
];
