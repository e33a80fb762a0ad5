/** The FAQ (docs/requirements/download-and-site.md#guide-pages): every topic of the spec, in its order, answered for Sweepline. */
export interface FaqEntry {
  question: string;
  answer: string;
  /** Shown under the answer, and open from the start: the supported instruments, the role matrix. */
  table?: 'instruments' | 'roles';
}

export const FAQ: FaqEntry[] = [
  {
    question: 'How am I charged?',
    answer:
      'Pay as you go: the first 30 days after sign-up are free, then each uploaded run (a record) is charged. There is no subscription and no charge in a month without uploads.',
  },
  {
    question: 'What are the advantages of Sweepline?',
    answer:
      'Tests are made once on the website and every lab PC downloads them; results, PDFs and daily yields are on the website as soon as a run is uploaded; nothing to install on a server.',
  },
  {
    question: 'Which instruments are supported?',
    answer:
      'These network analyzers and PIM analyzers, on the network (TCP port 5025) or on USB or GPIB through the vendor’s VISA library:',
    table: 'instruments',
  },
  {
    question: 'What are the advantages for network analyzers?',
    answer:
      'Calibrations of 1 to 4 ports with mechanical kits or 2-port and 4-port electronic kits; smart calibration needs the fewest connections (a mechanical kit connected once does up to 16 calibrations); multi-channel single-scan measurement; screenshots during testing; SnP files; an alignment check.',
  },
  {
    question: 'Who may do what?',
    answer:
      'Operator: perform testing. Editor: perform testing and edit tests. Manager: perform testing, edit tests and manage users. The person who signs up is the manager.',
    table: 'roles',
  },
  {
    question: 'Is my data safe?',
    answer:
      'Connections use HTTPS/TLS, log-ins need a verification challenge, the service runs in the cloud with encrypted account data, and it is backed up regularly.',
  },
  {
    question: 'The runner does not find my instrument. What do I check?',
    answer:
      'The vendor’s IO Libraries must be version 2019 or newer; the instrument must appear in the vendor’s connection tool; for VISA connect over USB or GPIB (network analyzers on the network are reached on TCP port 5025). Then run `sweepline lab` again.',
  },
  {
    question: 'The runner asks for 16 Channels 16 Traces. What do I do?',
    answer:
      'The test needs more channels or traces than the analyzer is set up for: set 16 channels and 16 traces in the analyzer’s System > Misc Setup > Channel/Trace Setup, then restart the test.',
  },
  {
    question: 'How do I restore a deleted product or test?',
    answer:
      'Add a product or test with the same name: the deleted one comes back with its tests, steps and results.',
  },
];

/** docs/requirements/product.md#supported-instruments: the supported instruments, for the FAQ's table. */
export const INSTRUMENTS: [kind: string, families: string][] = [
  ['Network analyzers', 'ENA/PNA series; ZNB series'],
  ['PIM analyzers', 'IBA/IQA series; NTPIM series; JCIMA-COMPATB series'],
];
