import type { Server } from 'node:http';

/**
 * Against slow or stalled clients (docs/operations.md, "Timeouts and limits"): the headers of a
 * request must arrive within 20 s and the whole request, a 16 MiB run upload included, within
 * 120 s; an idle keep-alive connection is closed after `keepAliveSeconds`.
 */
export const SERVER_TIMEOUTS = { headersMs: 20_000, requestMs: 120_000 } as const;

export function applyServerTimeouts(server: Server, keepAliveSeconds: number): void {
  server.headersTimeout = SERVER_TIMEOUTS.headersMs;
  server.requestTimeout = SERVER_TIMEOUTS.requestMs;
  // a balancer in front reuses idle connections: ours must stay open longer than its idle timeout,
  // or it sends a request on a connection we are closing (a 502 for the user)
  server.keepAliveTimeout = keepAliveSeconds * 1000;
}
