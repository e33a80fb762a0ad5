import { get, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { EventStreamReader, type StreamEvent } from '@sweepline/domain';

/** An open text/event-stream, as a browser's EventSource would read it (docs/api/stations.md). */
export interface EventStreamClient {
  status: number;
  headers: IncomingHttpHeaders;
  /** Every event so far, with the time it arrived. */
  events: (StreamEvent & { at: number })[];
  /** The first event from `from` on that `match` accepts; fails after `timeoutMs`. */
  next(
    match: (e: StreamEvent) => boolean,
    timeoutMs?: number,
    from?: number,
  ): Promise<StreamEvent & { at: number }>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function openEventStream(url: string): Promise<EventStreamClient> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers: { accept: 'text/event-stream' } }, (res: IncomingMessage) => {
      const reader = new EventStreamReader();
      const events: (StreamEvent & { at: number })[] = [];
      const waiters = new Set<() => void>();
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        for (const e of reader.push(chunk)) events.push({ ...e, at: Date.now() });
        for (const wake of waiters) wake();
      });
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        ended,
        close: () => request.destroy(),
        next(match, timeoutMs = 5_000, from = 0) {
          return new Promise((found, fail) => {
            const look = () => {
              const hit = events.slice(from).find(match);
              if (!hit) return false;
              clearTimeout(timer);
              waiters.delete(look);
              found(hit);
              return true;
            };
            const timer = setTimeout(() => {
              waiters.delete(look);
              fail(
                new Error(
                  `No matching event within ${timeoutMs} ms; got ${JSON.stringify(events.slice(from))}`,
                ),
              );
            }, timeoutMs);
            if (!look()) waiters.add(look);
          });
        },
      });
    });
    request.on('error', reject);
  });
}
