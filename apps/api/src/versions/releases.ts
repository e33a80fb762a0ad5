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
      'First release of the sweepline command-line program for Windows, Linux and macOS (Node.js 20.19 or newer)',
      'Signs in with your e-mail and password (sweepline login), or with an API token made by the account manager (SWEEPLINE_TOKEN)',
      'Imports serial numbers from text or CSV files of any size, checking every line first; re-running a file adds nothing twice',
      'Lists serial numbers, jumps them to a stage and deletes them',
      'Exports tests as JSON files for version control, shows what an import would change, and imports them by name',
      "Shows a serial number's test results and saves the PDF report of a run",
      'Runs simulated instruments for training and demonstrations (sweepline sim)',
    ],
  },
];
