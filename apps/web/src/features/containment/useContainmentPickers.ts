import { useServerData } from '../../app/useServerData';
import { containmentApi } from './containment.api';

/** The account's instruments for the picker, read each time the screen opens. */
export function useContainmentInstruments() {
  return useServerData(['containment/instruments'], containmentApi.instruments);
}

/**
 * The latest calibrations made on an instrument, for the calibration picker; nothing is asked
 * until an instrument is chosen. A refusal leaves the picker empty: the search still works.
 */
export function useInstrumentCalibrations(instrumentId: number | undefined) {
  const detail = useServerData(
    ['containment/calibrations', instrumentId],
    instrumentId === undefined ? undefined : () => containmentApi.instrument(instrumentId),
  );
  return instrumentId === undefined ? [] : (detail.data?.calibrations ?? []);
}
