/**
 * What the stations bench and its boards' process (stream-readers.ts) tell each other, apart from
 * that process's code: importing it would run the boards' loop in the bench's own process.
 */
import type { LoopDelay } from './probe-report';

/** What the parent sends: the streams' URLs first, then a request for the figures. */
export type ToReaders = { open: string[] } | { finish: true };

/** What the readers answer: ready once every stream is open, then their figures. */
export type FromReaders =
  | { ready: true }
  | {
      delivered: number;
      /** Delivery time (event arrived − report sent), ms. */
      deliveryP50: number;
      deliveryP99: number;
      loop: LoopDelay;
      cpuMs: number;
    };

export const OPERATOR_STAMP = 'bench@';
