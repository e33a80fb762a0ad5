/**
 * Screens whose issues come later: each route says what it will hold, so nobody mistakes an
 * empty page for a broken one.
 */
export interface PlaceholderInfo {
  title: string;
  /** What the screen will do (spec 1 and 2). */
  purpose: string;
}

export const PLACEHOLDERS = {
  sn: {
    title: 'Serial Numbers',
    purpose: 'Serial numbers per product: add them, jump them to a stage, delete them.',
  },
  tr: {
    title: 'Test Results',
    purpose: 'The runs of a serial number, their step results, and the PDF report of each run.',
  },
  dailyTest: { title: 'Daily Tested Units', purpose: 'A bar chart of the units tested each day.' },
  dailyPassRate: { title: 'Daily Pass Rate', purpose: 'A line chart of the pass rate of one test per day.' },
  ftpy: {
    title: 'First Time Pass Yield',
    purpose: 'A line chart of the units that passed a test at the first try.',
  },
  tpy: { title: 'Throughput Yield', purpose: 'A line chart of the units that passed a test each day.' },
  usage: { title: 'Usage', purpose: 'Uploaded runs per day, account, product, test and result.' },
  bill: { title: 'Bill', purpose: 'The records of one month per account, product and test.' },
  accounts: { title: 'Accounts', purpose: 'Every account with its manager, registration date and state.' },
  download: {
    title: 'Download',
    purpose: 'The sweepline runner for lab PCs, with its release notes.',
  },
  contact: { title: 'Contact Us', purpose: 'How to reach the Sweepline team.' },
  start: { title: 'Quick Start', purpose: 'The four steps from sign-up to the first test run.' },
  tutorials: {
    title: 'Tutorials',
    purpose: 'Videos: creating tests, setting up a test bench, running tests.',
  },
  faq: {
    title: 'FAQ',
    purpose: 'Charging, supported instruments, roles, data safety and connection troubleshooting.',
  },
} satisfies Record<string, PlaceholderInfo>;
