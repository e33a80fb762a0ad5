import type { SnReport } from '@sweepline/domain';
import { createAtom, createDerivedAtom } from '../../app/create-atom';

/** The answer of the last search: the serial number's runs in each product that holds it. */
export const trReportsAtom = createAtom<SnReport[] | undefined>('tr.reports', undefined);

/** Latest (false) or All (true) runs: docs/requirements/results.md#screen's switch. */
export const trAllAtom = createAtom('tr.all', false);

/** The run shown in the detail table: the first after each search (docs/requirements/results.md#screen). */
export const trRunIdAtom = createAtom<number | undefined>('tr.runId', undefined);

/** The selected run, with the product it was made in. */
export const trRunAtom = createDerivedAtom('tr.run', (get) => {
  const runId = get(trRunIdAtom);
  for (const product of get(trReportsAtom) ?? []) {
    const run = product.reports.find((r) => r.runId === runId);
    if (run) return { run, product };
  }
  return undefined;
});
