import type { SnReport } from '@sweepline/domain';
import { createAtom, createDerivedAtom } from '../../app/create-atom';

/** The answer of the last search, with what was asked. */
export const trReportAtom = createAtom<SnReport | undefined>('tr.report', undefined);

/** Latest (false) or All (true) runs: docs/requirements/results.md#screen's switch. */
export const trAllAtom = createAtom('tr.all', false);

/** The run shown in the detail table: the first after each search (docs/requirements/results.md#screen). */
export const trRunIdAtom = createAtom<number | undefined>('tr.runId', undefined);

export const trRunAtom = createDerivedAtom('tr.run', (get) =>
  get(trReportAtom)?.reports.find((r) => r.runId === get(trRunIdAtom)),
);
