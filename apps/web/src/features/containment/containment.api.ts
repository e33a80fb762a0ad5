import { endpoints, type ContainmentQuery, type RetestBody } from '@sweepline/domain';
import { api } from '../../app/api-client';

const { containment } = endpoints;

/**
 * The calls behind Containment (docs/api/instruments.md): every role reads, editors and managers
 * retest. The pickers' instruments and calibrations come from the Instruments screen's hooks.
 */
export const containmentApi = {
  units: (query: ContainmentQuery) => api.call(containment.list, { query }),
  /** Every matching run as CSV (the list stops at ORIGIN_LIMITS.containmentRuns), with the server's file name. */
  csv: (query: ContainmentQuery) => api.file(containment.csv, { query }),
  retest: (body: RetestBody) => api.call(containment.retest, { body }),
};
