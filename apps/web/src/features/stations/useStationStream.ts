import { STATION_EVENTS, type StationBoard, type StationRemoved, type StationView } from '@sweepline/domain';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { stationsApi } from './stations.api';
import { stationsAtom, stationsClockOffsetAtom, stationsStreamAtom } from './stations.atoms';

/** After a drop, the next try waits this long (a new ticket each time: a ticket works once). */
const RETRY_MS = 2_000;

/**
 * The board's live connection (docs/web.md, Stations): a ticket, then the event stream; the
 * first event is the whole board, then each change. A browser's EventSource would try the same
 * address again by itself, but the ticket is used up, so on a drop the stream is closed and a
 * new one opened with a new ticket until it works. The screen says when it is down.
 */
export function useStationStream(): void {
  const setStations = useSetAtom(stationsAtom);
  const setOffset = useSetAtom(stationsClockOffsetAtom);
  const setStream = useSetAtom(stationsStreamAtom);

  useEffect(() => {
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;

    const lost = () => {
      source?.close();
      source = undefined;
      if (closed) return;
      setStream('lost');
      retry = setTimeout(() => void open(), RETRY_MS);
    };

    const open = async () => {
      let url: string;
      try {
        url = (await stationsApi.ticket()).url;
      } catch {
        return lost();
      }
      if (closed) return;
      source = new EventSource(url);
      source.addEventListener(STATION_EVENTS.board, (e) => {
        const board = JSON.parse((e as MessageEvent<string>).data) as StationBoard;
        setOffset(Date.parse(board.serverTime) - Date.now());
        setStations(new Map(board.stations.map((s) => [s.station, s])));
        setStream('live');
      });
      source.addEventListener(STATION_EVENTS.station, (e) => {
        const view = JSON.parse((e as MessageEvent<string>).data) as StationView;
        // a station event carries no instrument warnings: the card keeps those its board read
        setStations((all) => {
          const kept = view.instrumentWarnings ?? all.get(view.station)?.instrumentWarnings;
          return new Map(all).set(view.station, kept ? { ...view, instrumentWarnings: kept } : view);
        });
      });
      source.addEventListener(STATION_EVENTS.removed, (e) => {
        const { station } = JSON.parse((e as MessageEvent<string>).data) as StationRemoved;
        setStations((all) => {
          const next = new Map(all);
          next.delete(station);
          return next;
        });
      });
      source.onerror = lost;
    };

    setStream('connecting');
    void open();
    return () => {
      closed = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [setOffset, setStations, setStream]);
}
