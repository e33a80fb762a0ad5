import type { Release } from '@sweepline/domain';

/**
 * Release notes of the command-line runner (docs/requirements/download-and-site.md#download-page, Download page), newest first.
 * Add an entry here with every release of apps/cli; its `no` is apps/cli/package.json's version.
 */
export const RELEASES: readonly Release[] = [
  {
    no: '0.1.0',
    date: '2026-11-23',
    notes: [
      'First release of the sweepline command-line program for Windows, Linux and macOS (Node.js 20.19 or newer)',
      'Signs in with your e-mail and password (sweepline login), or with an API token made by the account manager (SWEEPLINE_TOKEN)',
      'Downloads only complete, error-free tests',
      'Uploads every run with its step results; a retried upload never counts twice',
      'Keeps runs made while the network is down in a local queue and uploads them later',
      'sweepline lab: names the network analyzer and the PIM analyzer by resource string (LAN socket, or USB, GPIB, VXI-11 and HiSLIP through the installed VISA), checks each *IDN? and the 16 channels / 16 traces setting',
      'sweepline run: scan serial numbers one after another; checks each one is at the stage of its test, asks the operator for prompts, delays, manual values, questions and choices, and shows a large PASS or FAIL until the next one',
      'Smart calibration: every physical connection is asked once for all calibrations of a test, and calibrations stay valid for the shift',
      'Every action of the test editor runs on the instruments and is judged as the web reports show it; screenshots and SnP files of marked steps upload with the run',
      'An instrument error, a timeout or a lost connection names the instrument and the command; retry, skip (recorded) or abort; Ctrl+C records an aborted run',
      'Each run is saved on the PC before upload and uploaded on the next start if the PC lost power first; sweepline queue shows and uploads waiting runs',
      'sweepline measure: one measurement without a test plan, as a table or a Touchstone file',
      'Imports serial numbers from text or CSV files of any size, checking every line first; re-running a file adds nothing twice',
      'Lists serial numbers, jumps them to a stage and deletes them',
      'Exports tests as JSON files for version control, shows what an import would change, and imports them by name',
      "Shows a serial number's test results and saves the PDF report of a run",
      'Runs simulated instruments for training and demonstrations (sweepline sim)',
    ],
  },
];
