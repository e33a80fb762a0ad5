import { STATION_PATHS, type StationStreamTicket } from '@sweepline/domain';
import { api } from '../../app/api-client';

/** The Stations screen's call (docs/api/stations.md): the event stream's single-use address. */
export const stationsApi = {
  ticket: () => api.postInBackground<StationStreamTicket>(`/${STATION_PATHS.ticket}`),
};
