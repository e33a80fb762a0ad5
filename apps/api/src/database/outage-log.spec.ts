import { OutageLog } from './outage-log';

describe('OutageLog', () => {
  function logged() {
    const lines: string[] = [];
    let now = 1_000;
    const log = new OutageLog(
      { warn: (m) => lines.push(`warn ${m}`), log: (m) => lines.push(`log ${m}`) },
      () => now,
    );
    return { log, lines, later: (ms: number) => (now += ms) };
  }

  it('logs an outage once however many requests fail, and its end once', () => {
    const { log, lines, later } = logged();
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    for (let i = 0; i < 50; i++) log.unreachable(refused);
    later(12_300);
    log.reachable();
    log.reachable();
    expect(lines).toEqual([
      'warn The database is not reachable (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432): answering 503 until it is back',
      'log The database is reachable again, after 12.3 s',
    ]);
  });

  it('logs each of two outages', () => {
    const { log, lines } = logged();
    log.unreachable(new Error('Connection terminated unexpectedly'));
    log.reachable();
    log.unreachable(new Error('Connection terminated unexpectedly'));
    expect(lines).toHaveLength(3);
    expect(log.inOutage).toBe(true);
  });

  it('opens no new outage for a connection broken in the last one and used again', () => {
    const { log, lines } = logged();
    log.unreachable(new Error('Connection terminated unexpectedly'));
    log.reachable();
    const released = Object.assign(new Error('Query runner already released'), {
      name: 'QueryRunnerAlreadyReleasedError',
    });
    const notQueryable = Object.assign(new Error('query failed'), {
      driverError: new Error('Client has encountered a connection error and is not queryable'),
    });
    log.unreachable(released);
    log.unreachable(notQueryable);
    expect(lines).toHaveLength(2);
    expect(log.inOutage).toBe(false);
    // a fresh failure is news
    log.unreachable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    expect(lines).toHaveLength(3);
  });

  it('says nothing of a new connection outside an outage', () => {
    const { log, lines } = logged();
    log.reachable();
    expect(lines).toEqual([]);
  });
});
