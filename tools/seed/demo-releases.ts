/**
 * The demo's release history (docs/seed.md, "Releases"), under release control with approval:
 * every test released a month ago; a limit relaxed, a step added, a gating rolled back, and one
 * release waiting for approval. Step indexes are those of the test's spec in demo-products.ts.
 */
import type { ReleaseSpec, TestHistory } from './releases';

/** Every demo test's release 1, made by the editor and approved by the manager. */
export const FIRST_RELEASE: ReleaseSpec = { daysAgo: 30, hour: 7, note: 'First release for production' };

/** Tests with more than their release 1. */
export const DEMO_HISTORY: readonly TestHistory[] = [
  {
    product: 'BPF-600',
    test: 'Stop band',
    releases: [
      // the attenuation above the band (step 4) was held to the prototype's 38 dB
      { ...FIRST_RELEASE, older: { params: { 4: { lower: 38 } } } },
      {
        daysAgo: 20,
        hour: 10,
        note: "Attenuation limit (800-1000 MHz) relaxed from 38 to 35 dB, as the customer's specification rev. C asks",
      },
    ],
  },
  {
    product: 'CA-300',
    test: 'RF check',
    releases: [
      // without the wait after connecting (step 1)
      { ...FIRST_RELEASE, older: { without: [1] } },
      {
        daysAgo: 24,
        hour: 9,
        note: 'Wait 3 s after connecting: the first sweep of a cable just bent into place read up to 0.1 dB high',
      },
    ],
  },
  {
    product: 'DC-20',
    test: 'Directivity',
    releases: [
      FIRST_RELEASE,
      {
        daysAgo: 16,
        hour: 8,
        note: "Time gating on the isolation sweep, to take the fixture's reflections out",
        older: {
          params: {
            1: {
              isGating: true,
              gatingType: 'Bandpass',
              gatingShape: 'Normal',
              gatingStart_ns: 0,
              gatingStop_ns: 4,
            },
          },
        },
      },
      { daysAgo: 9, hour: 14, note: 'Back to release 1: the new gating hid a resonance', rollbackTo: 1 },
    ],
  },
  {
    // the draft is the waiting release; the runner keeps running release 1's 0.9-1.1 Nm
    product: 'BPF-600',
    test: 'Final inspection',
    releases: [
      { ...FIRST_RELEASE, older: { params: { 2: { lower: 0.9, upper: 1.1 } } } },
      {
        daysAgo: 1,
        hour: 15,
        waiting: true,
        note: "Torque window widened from 0.9-1.1 to 0.8-1.2 Nm, as the new tuning screws' datasheet gives it",
      },
    ],
  },
];
