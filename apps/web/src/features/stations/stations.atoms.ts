import { compareStationNames, type StationView } from '@sweepline/domain';
import { createAtom, createDerivedAtom } from '../../app/create-atom';

/** Every station of the account by name, as the event stream last told. */
export const stationsAtom = createAtom<ReadonlyMap<string, StationView>>('stations.byName', new Map());

/** The server's clock minus the browser's, to judge a station's silence by the server's times. */
export const stationsClockOffsetAtom = createAtom('stations.clockOffsetMs', 0);

export type StreamState = 'connecting' | 'live' | 'lost';
export const stationsStreamAtom = createAtom<StreamState>('stations.stream', 'connecting');

/** The product the board shows ('' all of them). */
export const stationsProductAtom = createAtom('stations.product', '');

/** The products the stations are on, for the filter. */
export const stationProductsAtom = createDerivedAtom('stations.products', (get) =>
  [...new Set([...get(stationsAtom).values()].flatMap((s) => (s.productName ? [s.productName] : [])))].sort(
    compareStationNames,
  ),
);

/** The cards: sorted by name, narrowed to the product picked. */
export const stationsShownAtom = createDerivedAtom('stations.shown', (get) => {
  const product = get(stationsProductAtom);
  return [...get(stationsAtom).values()]
    .filter((s) => product === '' || s.productName === product)
    .sort((a, b) => compareStationNames(a.station, b.station));
});
