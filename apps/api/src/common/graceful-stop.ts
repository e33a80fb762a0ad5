import type { Server, ServerResponse } from 'node:http';

/** How long a stop waits for the requests in flight (docs/operations.md, "Stopping"). */
export const DRAIN_TIMEOUT_MS = 30_000;

export interface Drain {
  /**
   * Stops accepting connections and lets the requests in flight finish, for at most `timeoutMs`;
   * then ends every connection left. Answers how many requests were cut.
   */
  stop(timeoutMs?: number): Promise<{ cut: number }>;
}

/**
 * Follows `server`'s requests so that a stop can wait for them. Once stopping, every reply closes
 * its connection (a keep-alive client would otherwise hold it), and a request that still arrives
 * on an open connection is served, not dropped.
 */
export function drainOnStop(server: Server): Drain {
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  const closeIdle = () => setImmediate(() => server.closeIdleConnections());
  server.on('request', (_req, res: ServerResponse) => {
    if (stopping) res.shouldKeepAlive = false;
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (stopping) closeIdle();
    });
  });
  return {
    async stop(timeoutMs = DRAIN_TIMEOUT_MS) {
      stopping = true;
      for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      closeIdle();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeoutMs)));
      const outcome = await Promise.race([closed, late]);
      clearTimeout(timer);
      if (outcome !== 'late') return { cut: 0 };
      const cut = inFlight.size;
      server.closeAllConnections();
      await closed;
      return { cut };
    },
  };
}
