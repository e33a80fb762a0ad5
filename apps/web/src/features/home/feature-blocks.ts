/** The seven feature blocks of the home page (docs/requirements/download-and-site.md#home-page), in the spec's order. */
export const FEATURE_BLOCKS: { title: string; text: string }[] = [
  {
    title: 'Save Costs',
    text: 'Pay as you go after a free trial: no licences, no servers and no software to maintain.',
  },
  {
    title: 'Simple to Use',
    text: 'Build test plans in the browser from ready-made steps; calibrations are planned for you.',
  },
  {
    title: 'Run Anywhere Anytime',
    text: 'Lab PCs download the finished tests and run them against your network and PIM analyzers.',
  },
  {
    title: 'Reporting',
    text: 'Every result is kept with its serial number: charts, statistics and PDF reports in one place.',
  },
  {
    title: 'Process Control',
    text: 'Group tests into numbered stages, so each unit passes the right tests in the right order.',
  },
  {
    title: 'User Management',
    text: 'One account per factory team, with managers, editors and operators in their own roles.',
  },
  {
    title: 'Data Security Guarantee',
    text: 'Encrypted connections, a verification challenge at log-in, and regular backups of your data.',
  },
];
