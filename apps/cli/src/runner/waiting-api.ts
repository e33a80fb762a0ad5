import type { RunnerProduct, RunnerSeq, RunnerSnState } from '@sweepline/domain';
import { waitForServer, waitSeconds, type WaitDisplay } from '../client/wait-for-server';
import type { RunnerApi } from './runner-api';

/** The calls the runner makes before measuring a unit: they wait for a server that is away. */
export type Lookups = Pick<RunnerApi, 'products' | 'seq' | 'sn'>;

/** Shows the wait on standard error: in place on a terminal, a line every 10 s in a log. */
export function waitDisplay(tty: boolean, write: (text: string) => void): WaitDisplay {
  let lastLogged = -1;
  return {
    waiting(reason, seconds) {
      const line = `Waiting for the server (${reason})… ${seconds} s`;
      if (tty) write(`\r\x1b[2K${line} (Ctrl+C to stop)`);
      else if (lastLogged < 0 || seconds - lastLogged >= 10) {
        lastLogged = seconds;
        write(`${line}\n`);
      }
    },
    back(seconds) {
      lastLogged = -1;
      write(`${tty ? '\r\x1b[2K' : ''}The server answers again, after ${seconds} s.\n`);
    },
    ended() {
      lastLogged = -1;
      // the error that follows (how long it waited, and why it stopped) takes the counting line's place
      if (tty) write('\r\x1b[2K');
    },
  };
}

/**
 * `api`'s look-ups, each waiting up to SWEEPLINE_SERVER_WAIT_SECONDS (60 s) for the server;
 * Ctrl+C during a wait ends it (ServerAway, exit 2).
 */
export function waitingLookups(api: RunnerApi, display: WaitDisplay): Lookups {
  const maxSeconds = waitSeconds();
  const waiting = async <T>(call: () => Promise<T>): Promise<T> => {
    const controller = new AbortController();
    const onSigint = () => controller.abort();
    process.on('SIGINT', onSigint);
    try {
      return await waitForServer(call, { maxSeconds, display, signal: controller.signal });
    } finally {
      process.off('SIGINT', onSigint);
    }
  };
  return {
    products: (): Promise<RunnerProduct[]> => waiting(() => api.products()),
    seq: (id: number): Promise<RunnerSeq> => waiting(() => api.seq(id)),
    sn: (sn: string, productId?: number): Promise<RunnerSnState> => waiting(() => api.sn(sn, productId)),
  };
}
