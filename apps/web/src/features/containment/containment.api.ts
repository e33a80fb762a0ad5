import { endpoints, type ContainmentQuery, type RetestBody } from '@sweepline/domain';
import { api } from '../../app/api-client';

const { containment, instruments } = endpoints;

/** The calls behind Containment (docs/api/instruments.md): every role reads, editors and managers retest. */
export const containmentApi = {
  /** The account's instruments, for the picker. */
  instruments: () => api.call(instruments.list),
  /** One instrument with its latest calibrations, for the calibration picker. */
  instrument: (instrumentId: number) => api.call(instruments.one, { params: { instrumentId } }),
  units: (query: ContainmentQuery) => api.call(containment.list, { query }),
  /** Every matching run as CSV (the list stops at ORIGIN_LIMITS.containmentRuns), with the server's file name. */
  csv: (query: ContainmentQuery) => api.file(containment.csv, { query }),
  retest: (body: RetestBody) => api.call(containment.retest, { body }),
};
