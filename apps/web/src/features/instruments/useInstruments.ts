import { useServerData } from '../../app/useServerData';
import { instrumentsApi } from './instruments.api';

/** The names under which the Instruments screens' data is loaded: a new certificate reloads both. */
export const INSTRUMENT_DATA = { list: 'instruments/list', one: 'instruments/one' } as const;

/** The account's instruments (GET /instruments), asked each time the screen opens. */
export function useInstruments() {
  return useServerData([INSTRUMENT_DATA.list], instrumentsApi.list);
}

/** One instrument with its certificates and latest calibrations; undefined id: nothing asked. */
export function useInstrument(instrumentId: number | undefined) {
  return useServerData(
    [INSTRUMENT_DATA.one, instrumentId],
    instrumentId === undefined ? undefined : () => instrumentsApi.one(instrumentId),
  );
}
