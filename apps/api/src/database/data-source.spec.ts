import { createDataSource } from './data-source';

describe('the connection pool', () => {
  const extra = () =>
    createDataSource('postgres://postgres@127.0.0.1:5432/postgres').options.extra as Record<string, number>;

  it('keeps idle connections for minutes, so light traffic does not reopen them call after call', () => {
    // pg's default of 10 s made the soak's low-rate calls pay for new backends (docs/performance.md, "Soak")
    expect(extra()['idleTimeoutMillis']).toBeGreaterThanOrEqual(5 * 60_000);
  });

  it('still gives up on a server that does not answer within seconds', () => {
    expect(extra()['connectionTimeoutMillis']).toBeLessThanOrEqual(10_000);
  });
});
