import { ApiError } from './api-error';
import { isServerAway, ServerAway, waitForServer, waitSeconds, type WaitDisplay } from './wait-for-server';

const unavailable = () =>
  new ApiError('refused', 'The database is not reachable; try again in a few seconds', 503);
const refusedConnection = () => new ApiError('connection', 'Cannot reach the Sweepline server');

/** A call failing with `failures` in turn, then answering 'ok'. */
function flaky(failures: Error[]) {
  let calls = 0;
  return {
    call: () => {
      const failure = failures[calls++];
      return failure ? Promise.reject(failure) : Promise.resolve('ok');
    },
    calls: () => calls,
  };
}

function recorder() {
  const lines: string[] = [];
  const display: WaitDisplay = {
    waiting: (reason, seconds) => lines.push(`waiting (${reason}) ${seconds}`),
    back: (seconds) => lines.push(`back ${seconds}`),
    ended: () => lines.push('ended'),
  };
  return { lines, display };
}

describe('waitForServer', () => {
  it('tries a 503 and a refused connection again, saying why it waits, until the call goes through', async () => {
    const { lines, display } = recorder();
    const call = flaky([unavailable(), refusedConnection()]);
    await expect(waitForServer(call.call, { maxSeconds: 10, display })).resolves.toBe('ok');
    expect(call.calls()).toBe(3);
    expect(lines[0]).toBe('waiting (the database is not reachable) 0');
    expect(lines).toContain('waiting (it does not answer) 0');
    expect(lines.at(-1)).toMatch(/^back \d+$/);
  });

  it('passes a refusal on at once', async () => {
    const { lines, display } = recorder();
    const refusal = new ApiError('refused', 'Serial number W-9 not found', 404);
    await expect(waitForServer(flaky([refusal]).call, { maxSeconds: 10, display })).rejects.toBe(refusal);
    expect(lines).toEqual([]);
  });

  it('gives up after the wait with a ServerAway (exit code 2)', async () => {
    const { lines, display } = recorder();
    const always = () => Promise.reject(unavailable());
    const started = Date.now();
    const error = await waitForServer(always, { maxSeconds: 1, display }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerAway);
    expect((error as ServerAway).exitCode).toBe(2);
    expect((error as Error).message).toMatch(
      /^The server did not come back within 1 s \(the database is not reachable\)/,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(lines.at(-1)).toBe('ended');
  });

  it('ends the wait when asked (Ctrl+C)', async () => {
    const { lines, display } = recorder();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const waiting = waitForServer(() => Promise.reject(unavailable()), {
      maxSeconds: 60,
      display,
      signal: controller.signal,
    });
    await expect(waiting).rejects.toThrow(
      /^Stopped waiting for the server after 0 s: nothing was measured\.$/,
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(lines.at(-1)).toBe('ended');
  });
});

describe('the wait settings', () => {
  it('waits 60 s unless SWEEPLINE_SERVER_WAIT_SECONDS says otherwise', () => {
    expect(waitSeconds({})).toBe(60);
    expect(waitSeconds({ SWEEPLINE_SERVER_WAIT_SECONDS: '5' })).toBe(5);
    expect(waitSeconds({ SWEEPLINE_SERVER_WAIT_SECONDS: 'soon' })).toBe(60);
  });

  it('counts 502, 503, 504 and no connection as a server away, nothing else', () => {
    expect([502, 503, 504].every((s) => isServerAway(new ApiError('refused', '', s)))).toBe(true);
    expect(isServerAway(refusedConnection())).toBe(true);
    expect(isServerAway(new ApiError('refused', '', 500))).toBe(false);
    expect(isServerAway(new ApiError('unauthorized', '', 401))).toBe(false);
    expect(isServerAway(new Error('x'))).toBe(false);
  });
});
