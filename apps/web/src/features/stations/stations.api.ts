import { endpoints } from '@sweepline/domain';
import { api } from '../../app/api-client';

/** The Stations screen's call (docs/api/stations.md): the event stream's single-use address. */
export const stationsApi = {
  ticket: () => api.inBackground(endpoints.stations.ticket),
};
